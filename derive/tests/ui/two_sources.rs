use binder_http::Bind;

#[derive(Bind)]
struct S {
    #[bind(query, header = "x-a")]
    a: u32,
}

fn main() {}
