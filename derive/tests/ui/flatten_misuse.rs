use binder_http::Bind;

#[derive(Bind)]
#[bind(query)]
struct Pagination {
    page: Option<u32>,
}

#[derive(Bind)]
struct S {
    #[bind(header, flatten)]
    a: Pagination,
    #[bind(query = "p", flatten)]
    b: Pagination,
    #[bind(query, flatten, default)]
    c: Pagination,
    #[bind(skip, flatten)]
    d: Option<Pagination>,
}

fn main() {}
