use binder_http::Bind;

#[derive(Bind)]
struct S<T> {
    #[bind(query)]
    a: T,
}

fn main() {}
