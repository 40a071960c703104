//! A crate whose Cargo.toml names only `binder-http`: the derive's output
//! must resolve through it alone, and `#[bind(crate = "...")]` must point it
//! at a re-export under another name.
#![forbid(unsafe_code)]

/// Reached through a renamed path, as a facade crate would re-export it.
pub mod facade {
    pub use binder_http as binder;
}

#[cfg(test)]
mod tests {
    use binder_http::request::Parts;
    use binder_http::Bind;

    #[derive(Bind)]
    struct Plain {
        #[bind(query)]
        page: u32,
    }

    #[derive(Bind)]
    #[bind(crate = "crate::facade::binder")]
    struct ThroughFacade {
        #[bind(query)]
        page: u32,
    }

    #[test]
    fn both_paths_bind() {
        let req = Parts {
            query: Some("page=3"),
            ..Parts::default()
        };
        assert_eq!(Plain::bind(&req).unwrap().page, 3);
        assert_eq!(ThroughFacade::bind(&req).unwrap().page, 3);
    }
}
