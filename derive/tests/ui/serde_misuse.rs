use binder_http::Bind;

#[derive(Bind)]
struct S {
    #[bind(query, serde, from_str)]
    a: u32,
    #[bind(skip, serde)]
    b: u32,
    #[bind(raw_body, serde)]
    c: Vec<u8>,
    #[bind(query, serde, required)]
    d: String,
    #[bind(query, serde, serde)]
    e: u32,
}

fn main() {}
