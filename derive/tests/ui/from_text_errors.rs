use binder_http::FromText;

#[derive(FromText)]
#[bind(rename_all = "lowercase", deny_unknown)]
enum Status {
    Active(u8),
    #[bind(rename = "active")]
    Other,
    #[bind(alias = "other", skip)]
    Third,
}

#[derive(FromText)]
struct NotAnEnum {
    a: u8,
}

#[derive(FromText)]
enum Empty {}

#[derive(FromText)]
#[bind(rename_all = "lowercase")]
struct Id<T>(T);

#[derive(FromText)]
struct Pair(u8, u8);

fn main() {}
