//! What the compiler says when `Bound<T>` is given a `T` that borrows from
//! the request.
//!
//! The wish was a message of binder's own (`#[diagnostic::on_unimplemented]`
//! on a helper bound such as `T: OwnedBind`, blanket-implemented for
//! `T: for<'r> Bind<'r>`). rustc never shows it: a borrowing `T` fails the
//! higher-ranked bound as a lifetime error ("not general enough"), which no
//! attribute rewords, and a `T` that is not `Bind` at all is reported at
//! the innermost bound (`Bind`), not at the helper. This test pins what
//! users see today, so that a better message (for instance a marker trait
//! the derive implements for types without lifetimes, bound with
//! `on_unimplemented`) shows up here as a change.

#[test]
fn bound_refuses_borrowing_targets() {
    let t = trybuild::TestCases::new();
    t.compile_fail("tests/ui/bound_borrowing.rs");
}
