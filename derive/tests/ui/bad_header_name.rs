use binder_http::Bind;

#[derive(Bind)]
struct S {
    #[bind(header = "x request id")]
    a: u32,
}

fn main() {}
