// `Bound<T>` with a `T` that borrows from the request does not compile:
// the request is gone when the handler runs. (Bind it inside the handler
// from a `binder_axum::Binder`.)
use binder_axum::Bound;
use binder_axum::Bind;

#[derive(Bind)]
struct Borrowing<'r> {
    #[bind(query)]
    name: &'r str,
}

fn extractable<E: axum::extract::FromRequest<()>>() {}

fn main() {
    extractable::<Bound<Borrowing<'static>>>();
}
