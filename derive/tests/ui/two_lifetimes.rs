use binder_http::Bind;

#[derive(Bind)]
struct S<'a, 'b> {
    #[bind(query)]
    a: &'a str,
    #[bind(query)]
    b: &'b str,
}

fn main() {}
