use binder_http::Bind;

#[derive(Bind)]
struct S {
    #[bind(query)]
    a: u32,
    b: u32,
}

fn main() {}
