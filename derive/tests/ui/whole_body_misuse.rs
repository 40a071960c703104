use binder_http::Bind;

#[derive(Bind)]
struct BodyBeside {
    #[bind(whole_body)]
    items: Vec<u32>,
    #[bind(body)]
    note: String,
    #[bind(query, whole_body)]
    other: Vec<u32>,
}

#[derive(Bind)]
#[bind(accept = "json, form")]
struct FormToo {
    #[bind(whole_body)]
    items: Vec<u32>,
}

#[derive(Bind)]
#[bind(body)]
struct StructSource {
    #[bind(whole_body)]
    items: Vec<u32>,
    count: u32,
}

// Fine: the raw bytes beside, and other sources.
#[derive(Bind)]
#[bind(accept = "json")]
struct Fine<'r> {
    #[bind(whole_body, default)]
    items: Vec<u32>,
    #[bind(raw_body)]
    raw: &'r [u8],
    #[bind(query)]
    dry_run: bool,
}

fn main() {}
