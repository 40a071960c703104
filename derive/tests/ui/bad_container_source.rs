use binder_http::Bind;

// Two sources for the struct.
#[derive(Bind)]
#[bind(query, body)]
struct Conflicting {
    a: u32,
}

// A struct's source names no key: each field keeps its own name.
#[derive(Bind)]
#[bind(query = "a")]
struct Named {
    a: u32,
}

// Not a source (`form` is a body format: `#[bind(body)]`, `accept = "form"`).
#[derive(Bind)]
#[bind(form)]
struct Unknown {
    a: u32,
}

// Header-name rules hold for a struct's source: the error is at the field.
#[derive(Bind)]
#[bind(header)]
struct Headers {
    user_agent: String,
    cookie: String,
}

// A skipped field takes no source, its own or the struct's.
#[derive(Bind)]
#[bind(query)]
struct Skipped {
    a: u32,
    #[bind(skip, query)]
    b: u32,
}

fn main() {}
