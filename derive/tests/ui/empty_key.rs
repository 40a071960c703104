use binder_http::Bind;

#[derive(Bind)]
struct S {
    #[bind(query = "")]
    a: u32,
}

fn main() {}
