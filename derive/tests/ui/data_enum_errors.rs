use binder_http::Bind;

#[derive(Bind)]
#[bind(rename_all = "lowercase", untagged, source = "body")]
enum Names {
    #[bind(rename = "b")]
    A,
    B,
    #[bind(alias = "a", skip)]
    C(u8),
    D(#[bind(rename = "x")] u8, u8),
    E {
        #[bind(rename = "y")]
        x: u8,
        y: u8,
        #[bind(skip, rename = "z")]
        z: u8,
        #[bind(query)]
        w: u8,
    },
}

#[derive(Bind)]
#[bind(tag = "type")]
enum Internal {
    Pair(u8, u8),
    S { r#type: u8 },
}

#[derive(Bind)]
#[bind(content = "c")]
enum ContentWithoutTag {
    A,
}

#[derive(Bind)]
#[bind(tag = "t", content = "t")]
enum SameMember {
    A,
}

#[derive(Bind)]
enum Generic<T> {
    A(T),
}

#[derive(Bind)]
enum Empty {}

fn main() {}
