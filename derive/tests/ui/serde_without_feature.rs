// binder-http's `serde` feature is off here: `#[bind(serde)]` says so, once.
use binder_http::Bind;

#[derive(Bind)]
struct S {
    #[bind(query)]
    page: u32,
    #[bind(query, serde)]
    id: Option<u32>,
}

fn main() {}
