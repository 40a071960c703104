use binder_http::Bind;

#[derive(Bind)]
struct S {
    #[bind(query, required, default = 3)]
    a: u32,
}

fn main() {}
