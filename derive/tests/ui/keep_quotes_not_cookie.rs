use binder_http::Bind;

#[derive(Bind)]
struct Q {
    #[bind(query, keep_quotes)]
    pref: String,
}

fn main() {}
