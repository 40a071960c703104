use binder_http::Bind;

#[derive(Bind)]
struct S<'r> {
    #[bind(header = "Cookie")]
    a: &'r str,
}

fn main() {}
