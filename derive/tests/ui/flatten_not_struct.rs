use binder_http::request::Parts;
use binder_http::Bind;

#[derive(Bind)]
struct S {
    #[bind(query, flatten)]
    page: u32,
}

fn main() {
    let _ = S::bind(&Parts::default());
}
