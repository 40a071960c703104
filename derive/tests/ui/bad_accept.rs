use binder_http::Bind;

// Not a format binder knows.
#[derive(Bind)]
#[bind(accept = "xml")]
struct Unknown {
    #[bind(body)]
    a: u32,
}

// A media type where a format's name is due: the error names the one meant.
#[derive(Bind)]
#[bind(accept = "application/json, form")]
struct MediaType {
    #[bind(body)]
    a: u32,
}

// A format twice, and an empty item.
#[derive(Bind)]
#[bind(accept = "json, json,")]
struct Repeated {
    #[bind(body)]
    a: u32,
}

// Not a string.
#[derive(Bind)]
#[bind(accept = json)]
struct Bare {
    #[bind(body)]
    a: u32,
}

// No body field to restrict.
#[derive(Bind)]
#[bind(accept = "json")]
struct NoBody<'r> {
    #[bind(query)]
    a: u32,
    #[bind(raw_body)]
    all: &'r [u8],
}

// Given twice.
#[derive(Bind)]
#[bind(accept = "json")]
#[bind(accept = "form")]
struct Twice {
    #[bind(body)]
    a: u32,
}

fn main() {}
