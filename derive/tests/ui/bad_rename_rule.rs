use binder_http::Bind;

#[derive(Bind)]
#[bind(rename_all = "camel")]
struct S {
    #[bind(query)]
    a: u32,
}

fn main() {}
