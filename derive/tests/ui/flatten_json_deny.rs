use binder_http::Bind;

#[derive(Bind)]
#[bind(body)]
struct Contact {
    name: String,
}

#[derive(Bind)]
#[bind(deny_unknown_fields)]
struct Signup {
    #[bind(body)]
    plan: String,
    #[bind(body, flatten)]
    contact: Contact,
}

// Forms only: the flattened struct's keys are offered one by one.
#[derive(Bind)]
#[bind(deny_unknown_fields, accept = "form, multipart")]
struct FormSignup {
    #[bind(body)]
    plan: String,
    #[bind(body, flatten)]
    contact: Contact,
}

fn main() {}
