use binder_http::request::Parts;
use binder_http::Bind;

#[derive(Bind)]
struct Page<T> {
    #[bind(query)]
    items: Vec<T>,
}

struct NotBindable;

fn main() {
    let _ = Page::<NotBindable>::bind(&Parts::default());
}
