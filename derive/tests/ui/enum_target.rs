use binder_http::Bind;

#[derive(Bind)]
enum E {
    A,
}

fn main() {}
