use binder_http::Bind;

#[derive(Bind)]
#[bind(rename_all = "nope")]
struct S {
    #[bind(query = "")]
    a: u32,
    b: u32,
    #[bind(cookie, colour)]
    c: u32,
}

fn main() {}
