use binder_http::Bind;

#[derive(Bind)]
struct S {
    #[bind(query, rename = "b")]
    a: u32,
}

fn main() {}
