use binder_http::Bind;

#[derive(Bind)]
struct S {
    #[bind(query, required)]
    #[bind(required)]
    a: u32,
}

fn main() {}
