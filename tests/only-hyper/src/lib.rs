//! A crate whose Cargo.toml names only `binder-hyper` of binder's crates:
//! `#[derive(binder_hyper::Bind)]`'s output must resolve through it alone
//! (it names `::binder_hyper::__private_0_1`; `::binder_http` is not a name
//! here), and `#[bind(crate = "...")]` must point it at a re-export.
#![forbid(unsafe_code)]

/// binder-hyper reached through a renamed path, as an application's own
/// facade module would re-export it.
pub mod facade {
    pub use binder_hyper as binder;
}

#[cfg(test)]
mod tests {
    use binder_hyper::request::{Body, Parts};
    use binder_hyper::{Bind, BindError, FilePart, Formats, Limits};

    #[derive(Bind, Debug)]
    #[bind(body, accept = "json, multipart")]
    struct Order<'r> {
        #[bind(query)]
        page: u32,
        email: &'r str,
        qty: Option<u32>,
        file: Option<FilePart<'r>>,
    }

    #[derive(Bind)]
    #[bind(crate = "crate::facade::binder", query)]
    struct ThroughFacade {
        page: u32,
    }

    #[test]
    fn derives_and_binds_with_binder_hyper_alone() {
        let req = Parts {
            query: Some("page=3"),
            body: Body::Json(br#"{"email":"a@b","qty":2}"#),
            ..Parts::default()
        };
        let o = Order::bind(&req).unwrap();
        assert_eq!(
            (o.page, o.email, o.qty, o.file.is_none()),
            (3, "a@b", Some(2), true)
        );
        assert_eq!(ThroughFacade::bind(&req).unwrap().page, 3);

        let form = Parts {
            body: Body::Form(b"email=a"),
            ..req
        };
        assert_eq!(
            Order::bind(&form).unwrap_err(),
            BindError::UnsupportedMediaType
        );
        let mut limits = Limits::DEFAULT;
        limits.formats = Formats::FORM;
        assert_eq!(
            Order::bind_with(&req, &limits).unwrap_err(),
            BindError::UnsupportedMediaType
        );
    }

    #[test]
    fn binds_http_parts_with_binder_hyper_alone() {
        let (parts, ()) = http::Request::post("/o?page=1")
            .header("content-type", "application/json; charset=utf-8")
            .body(())
            .unwrap()
            .into_parts();
        let body = br#"{"email":"a@b"}"#;
        let o: Order<'_> = binder_hyper::bind_parts(&parts, body, &[]).unwrap();
        assert_eq!((o.page, o.email), (1, "a@b"));
    }
}
