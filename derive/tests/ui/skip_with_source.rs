use binder_http::Bind;

#[derive(Bind)]
struct S {
    #[bind(skip, query)]
    a: u32,
}

fn main() {}
