use binder_http::Bind;

struct Point {
    x: u32,
}

#[derive(Bind)]
struct S {
    #[bind(query)]
    p: Point,
}

fn main() {}
