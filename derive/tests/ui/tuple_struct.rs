use binder_http::Bind;

#[derive(Bind)]
struct S(u32);

fn main() {}
