use binder_http::Bind;

#[derive(Bind)]
struct S<'r> {
    #[bind(raw_body, query)]
    a: &'r [u8],
}

fn main() {}
