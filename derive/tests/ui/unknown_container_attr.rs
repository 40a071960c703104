use binder_http::Bind;

#[derive(Bind)]
#[bind(deny_unknown)]
struct S {
    #[bind(query)]
    a: u32,
}

fn main() {}
