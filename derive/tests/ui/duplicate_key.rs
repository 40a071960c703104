use binder_http::Bind;

#[derive(Bind)]
struct S {
    #[bind(query = "page")]
    a: u32,
    #[bind(query = "page")]
    b: u32,
    #[bind(body = "page")]
    c: u32,
}

fn main() {}
