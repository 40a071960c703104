use binder_http::Bind;

// An enum binds as a field's type from JSON; a union binds from nothing.
#[derive(Bind)]
union U {
    a: u32,
}

fn main() {}
