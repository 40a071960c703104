// The expansion of `#[derive(Bind)]` (binder_http) for the struct below,
// checked by derive/src/snapshot.rs; rewrite with BLESS=1.
//
// #[bind(rename_all = "camelCase", validate = Search::check)]
// struct Search {
//     #[bind(path = "team")]
//     team_id: u32,
//     #[bind(query, required)]
//     q: String,
//     #[bind(query)]
//     page_size: Option<u32>,
//     #[bind(query = "tag")]
//     tags: Vec<String>,
//     #[bind(query, default = 20)]
//     limit: u32,
//     #[bind(query, default)]
//     offset: u64,
//     #[bind(query, from_str)]
//     allow: Vec<IpAddr>,
//     #[bind(header = "X-Request-ID")]
//     trace: Option<String>,
//     #[bind(header)]
//     x_api_version: u8,
//     #[bind(cookie)]
//     session: String,
//     #[bind(cookie, keep_quotes)]
//     pref: Option<String>,
//     #[bind(skip)]
//     computed: Vec<u8>,
// }

const _: () = {
    const _: () = ::core::assert!(
        ::binder_http::__private_0_1::key_fits("team"),
        "binder: this key is longer than a field's key may be (binder_core::__private_0_1::MAX_KEY bytes)"
    );
    const _: () = ::core::assert!(
        ::binder_http::__private_0_1::key_fits("q"),
        "binder: this key is longer than a field's key may be (binder_core::__private_0_1::MAX_KEY bytes)"
    );
    const _: () = ::core::assert!(
        ::binder_http::__private_0_1::key_fits("pageSize"),
        "binder: this key is longer than a field's key may be (binder_core::__private_0_1::MAX_KEY bytes)"
    );
    const _: () = ::core::assert!(
        ::binder_http::__private_0_1::key_fits("tag"),
        "binder: this key is longer than a field's key may be (binder_core::__private_0_1::MAX_KEY bytes)"
    );
    const _: () = ::core::assert!(
        ::binder_http::__private_0_1::key_fits("limit"),
        "binder: this key is longer than a field's key may be (binder_core::__private_0_1::MAX_KEY bytes)"
    );
    const _: () = ::core::assert!(
        ::binder_http::__private_0_1::key_fits("offset"),
        "binder: this key is longer than a field's key may be (binder_core::__private_0_1::MAX_KEY bytes)"
    );
    const _: () = ::core::assert!(
        ::binder_http::__private_0_1::key_fits("allow"),
        "binder: this key is longer than a field's key may be (binder_core::__private_0_1::MAX_KEY bytes)"
    );
    const _: () = ::core::assert!(
        ::binder_http::__private_0_1::key_fits("x-request-id"),
        "binder: this key is longer than a field's key may be (binder_core::__private_0_1::MAX_KEY bytes)"
    );
    const _: () = ::core::assert!(
        ::binder_http::__private_0_1::key_fits("x-api-version"),
        "binder: this key is longer than a field's key may be (binder_core::__private_0_1::MAX_KEY bytes)"
    );
    const _: () = ::core::assert!(
        ::binder_http::__private_0_1::key_fits("session"),
        "binder: this key is longer than a field's key may be (binder_core::__private_0_1::MAX_KEY bytes)"
    );
    const _: () = ::core::assert!(
        ::binder_http::__private_0_1::key_fits("pref"),
        "binder: this key is longer than a field's key may be (binder_core::__private_0_1::MAX_KEY bytes)"
    );
    /// The pieces of a value of this struct sent by keys
    /// (`address[city]=..`): a struct of its own, so that a struct that
    /// holds itself (`Vec<Self>`, `Option<Box<Self>>`) names a type,
    /// not an endless tuple of its fields' slots.
    #[doc(hidden)]
    #[allow(non_camel_case_types)]
    pub struct __Partial<'__r> {
        __seen: ::binder_http::__private_0_1::Bits<
            { ::binder_http::__private_0_1::words_for(12usize) },
        >,
        __slots: (
            <u32 as ::binder_http::__private_0_1::Field<'__r>>::Slot,
            <String as ::binder_http::__private_0_1::Field<'__r>>::Slot,
            <Option<u32> as ::binder_http::__private_0_1::Field<'__r>>::Slot,
            <Vec<String> as ::binder_http::__private_0_1::Field<'__r>>::Slot,
            <u32 as ::binder_http::__private_0_1::Field<'__r>>::Slot,
            <u64 as ::binder_http::__private_0_1::Field<'__r>>::Slot,
            <Vec<
                ::binder_http::__private_0_1::Parsed<IpAddr>,
            > as ::binder_http::__private_0_1::Field<'__r>>::Slot,
            <Option<String> as ::binder_http::__private_0_1::Field<'__r>>::Slot,
            <u8 as ::binder_http::__private_0_1::Field<'__r>>::Slot,
            <String as ::binder_http::__private_0_1::Field<'__r>>::Slot,
            <Option<String> as ::binder_http::__private_0_1::Field<'__r>>::Slot,
        ),
        __lt: ::binder_http::__private_0_1::PhantomData<&'__r ()>,
    }
    /// A nested struct binds from a JSON object, each bound field by
    /// its key (as from keys like `address[city]`); text where an
    /// object is due is refused.
    #[automatically_derived]
    impl<'__r> ::binder_http::__private_0_1::Value<'__r> for Search {
        const MEMBERS: bool = true;
        #[inline]
        fn from_raw(
            _: ::binder_http::__private_0_1::Raw<'__r>,
        ) -> ::binder_http::__private_0_1::Result<
            Self,
            ::binder_http::__private_0_1::ValueError,
        > {
            ::binder_http::__private_0_1::Err(
                ::binder_http::__private_0_1::ValueError::new(
                    ::binder_http::__private_0_1::ValueErrorKind::ExpectedObject,
                ),
            )
        }
        type Partial = __Partial<'__r>;
        #[inline]
        fn partial() -> Self::Partial {
            __Partial {
                __seen: ::binder_http::__private_0_1::Bits::new(),
                __slots: (
                    <u32 as ::binder_http::__private_0_1::Field<'__r>>::slot(),
                    <String as ::binder_http::__private_0_1::Field<'__r>>::slot(),
                    <Option<u32> as ::binder_http::__private_0_1::Field<'__r>>::slot(),
                    <Vec<String> as ::binder_http::__private_0_1::Field<'__r>>::slot(),
                    <u32 as ::binder_http::__private_0_1::Field<'__r>>::slot(),
                    <u64 as ::binder_http::__private_0_1::Field<'__r>>::slot(),
                    <Vec<
                        ::binder_http::__private_0_1::Parsed<IpAddr>,
                    > as ::binder_http::__private_0_1::Field<'__r>>::slot(),
                    <Option<
                        String,
                    > as ::binder_http::__private_0_1::Field<'__r>>::slot(),
                    <u8 as ::binder_http::__private_0_1::Field<'__r>>::slot(),
                    <String as ::binder_http::__private_0_1::Field<'__r>>::slot(),
                    <Option<String> as ::binder_http::__private_0_1::Field<'__r>>::slot(),
                ),
                __lt: ::binder_http::__private_0_1::PhantomData,
            }
        }
        #[allow(unused_mut, unused_variables, clippy::all, clippy::pedantic)]
        fn offer_member(
            __partial: &mut Self::Partial,
            __path: ::binder_http::__private_0_1::Ref<'__r, '_, [u8]>,
            __raw: ::binder_http::__private_0_1::Raw<'__r>,
            __cx: &mut ::binder_http::__private_0_1::FieldCx<'_, '__r>,
        ) -> bool {
            let ::binder_http::__private_0_1::Some((__seg, __rest)) = ::binder_http::__private_0_1::split_path(
                __path,
            ) else {
                return false;
            };
            let __Partial { __seen, __slots, .. } = __partial;
            match &*__seg {
                b"team" => {
                    let mut __at = __cx
                        .at(::binder_http::__private_0_1::Segment::Key("team"));
                    if __rest.is_empty() {
                        if __seen.insert(0usize)
                            || <u32 as ::binder_http::__private_0_1::Field<
                                '__r,
                            >>::REPEATS
                        {
                            ::binder_http::__private_0_1::offer_in::<
                                u32,
                            >(&mut __slots.0, __raw, &mut __at);
                        }
                        true
                    } else if <u32 as ::binder_http::__private_0_1::Field<
                        '__r,
                    >>::offer_path(&mut __slots.0, __rest, __raw, &mut __at) {
                        __seen.insert(0usize);
                        true
                    } else {
                        false
                    }
                }
                b"q" => {
                    let mut __at = __cx
                        .at(::binder_http::__private_0_1::Segment::Key("q"));
                    if __rest.is_empty() {
                        if __seen.insert(1usize)
                            || <String as ::binder_http::__private_0_1::Field<
                                '__r,
                            >>::REPEATS
                        {
                            ::binder_http::__private_0_1::offer_in::<
                                String,
                            >(&mut __slots.1, __raw, &mut __at);
                        }
                        true
                    } else if <String as ::binder_http::__private_0_1::Field<
                        '__r,
                    >>::offer_path(&mut __slots.1, __rest, __raw, &mut __at) {
                        __seen.insert(1usize);
                        true
                    } else {
                        false
                    }
                }
                b"pageSize" => {
                    let mut __at = __cx
                        .at(::binder_http::__private_0_1::Segment::Key("pageSize"));
                    if __rest.is_empty() {
                        if __seen.insert(2usize)
                            || <Option<
                                u32,
                            > as ::binder_http::__private_0_1::Field<'__r>>::REPEATS
                        {
                            ::binder_http::__private_0_1::offer_in::<
                                Option<u32>,
                            >(&mut __slots.2, __raw, &mut __at);
                        }
                        true
                    } else if <Option<
                        u32,
                    > as ::binder_http::__private_0_1::Field<
                        '__r,
                    >>::offer_path(&mut __slots.2, __rest, __raw, &mut __at) {
                        __seen.insert(2usize);
                        true
                    } else {
                        false
                    }
                }
                b"tag" => {
                    let mut __at = __cx
                        .at(::binder_http::__private_0_1::Segment::Key("tag"));
                    if __rest.is_empty() {
                        if __seen.insert(3usize)
                            || <Vec<
                                String,
                            > as ::binder_http::__private_0_1::Field<'__r>>::REPEATS
                        {
                            ::binder_http::__private_0_1::offer_in::<
                                Vec<String>,
                            >(&mut __slots.3, __raw, &mut __at);
                        }
                        true
                    } else if <Vec<
                        String,
                    > as ::binder_http::__private_0_1::Field<
                        '__r,
                    >>::offer_path(&mut __slots.3, __rest, __raw, &mut __at) {
                        __seen.insert(3usize);
                        true
                    } else {
                        false
                    }
                }
                b"limit" => {
                    let mut __at = __cx
                        .at(::binder_http::__private_0_1::Segment::Key("limit"));
                    if __rest.is_empty() {
                        if __seen.insert(4usize)
                            || <u32 as ::binder_http::__private_0_1::Field<
                                '__r,
                            >>::REPEATS
                        {
                            ::binder_http::__private_0_1::offer_in::<
                                u32,
                            >(&mut __slots.4, __raw, &mut __at);
                        }
                        true
                    } else if <u32 as ::binder_http::__private_0_1::Field<
                        '__r,
                    >>::offer_path(&mut __slots.4, __rest, __raw, &mut __at) {
                        __seen.insert(4usize);
                        true
                    } else {
                        false
                    }
                }
                b"offset" => {
                    let mut __at = __cx
                        .at(::binder_http::__private_0_1::Segment::Key("offset"));
                    if __rest.is_empty() {
                        if __seen.insert(5usize)
                            || <u64 as ::binder_http::__private_0_1::Field<
                                '__r,
                            >>::REPEATS
                        {
                            ::binder_http::__private_0_1::offer_in::<
                                u64,
                            >(&mut __slots.5, __raw, &mut __at);
                        }
                        true
                    } else if <u64 as ::binder_http::__private_0_1::Field<
                        '__r,
                    >>::offer_path(&mut __slots.5, __rest, __raw, &mut __at) {
                        __seen.insert(5usize);
                        true
                    } else {
                        false
                    }
                }
                b"allow" => {
                    let mut __at = __cx
                        .at(::binder_http::__private_0_1::Segment::Key("allow"));
                    if __rest.is_empty() {
                        if __seen.insert(6usize)
                            || <Vec<
                                ::binder_http::__private_0_1::Parsed<IpAddr>,
                            > as ::binder_http::__private_0_1::Field<'__r>>::REPEATS
                        {
                            ::binder_http::__private_0_1::offer_in::<
                                Vec<::binder_http::__private_0_1::Parsed<IpAddr>>,
                            >(&mut __slots.6, __raw, &mut __at);
                        }
                        true
                    } else if <Vec<
                        ::binder_http::__private_0_1::Parsed<IpAddr>,
                    > as ::binder_http::__private_0_1::Field<
                        '__r,
                    >>::offer_path(&mut __slots.6, __rest, __raw, &mut __at) {
                        __seen.insert(6usize);
                        true
                    } else {
                        false
                    }
                }
                b"x-request-id" => {
                    let mut __at = __cx
                        .at(::binder_http::__private_0_1::Segment::Key("x-request-id"));
                    if __rest.is_empty() {
                        if __seen.insert(7usize)
                            || <Option<
                                String,
                            > as ::binder_http::__private_0_1::Field<'__r>>::REPEATS
                        {
                            ::binder_http::__private_0_1::offer_in::<
                                Option<String>,
                            >(&mut __slots.7, __raw, &mut __at);
                        }
                        true
                    } else if <Option<
                        String,
                    > as ::binder_http::__private_0_1::Field<
                        '__r,
                    >>::offer_path(&mut __slots.7, __rest, __raw, &mut __at) {
                        __seen.insert(7usize);
                        true
                    } else {
                        false
                    }
                }
                b"x-api-version" => {
                    let mut __at = __cx
                        .at(::binder_http::__private_0_1::Segment::Key("x-api-version"));
                    if __rest.is_empty() {
                        if __seen.insert(8usize)
                            || <u8 as ::binder_http::__private_0_1::Field<'__r>>::REPEATS
                        {
                            ::binder_http::__private_0_1::offer_in::<
                                u8,
                            >(&mut __slots.8, __raw, &mut __at);
                        }
                        true
                    } else if <u8 as ::binder_http::__private_0_1::Field<
                        '__r,
                    >>::offer_path(&mut __slots.8, __rest, __raw, &mut __at) {
                        __seen.insert(8usize);
                        true
                    } else {
                        false
                    }
                }
                b"session" => {
                    let mut __at = __cx
                        .at(::binder_http::__private_0_1::Segment::Key("session"));
                    if __rest.is_empty() {
                        if __seen.insert(9usize)
                            || <String as ::binder_http::__private_0_1::Field<
                                '__r,
                            >>::REPEATS
                        {
                            ::binder_http::__private_0_1::offer_in::<
                                String,
                            >(&mut __slots.9, __raw, &mut __at);
                        }
                        true
                    } else if <String as ::binder_http::__private_0_1::Field<
                        '__r,
                    >>::offer_path(&mut __slots.9, __rest, __raw, &mut __at) {
                        __seen.insert(9usize);
                        true
                    } else {
                        false
                    }
                }
                b"pref" => {
                    let mut __at = __cx
                        .at(::binder_http::__private_0_1::Segment::Key("pref"));
                    if __rest.is_empty() {
                        if __seen.insert(10usize)
                            || <Option<
                                String,
                            > as ::binder_http::__private_0_1::Field<'__r>>::REPEATS
                        {
                            ::binder_http::__private_0_1::offer_in::<
                                Option<String>,
                            >(&mut __slots.10, __raw, &mut __at);
                        }
                        true
                    } else if <Option<
                        String,
                    > as ::binder_http::__private_0_1::Field<
                        '__r,
                    >>::offer_path(&mut __slots.10, __rest, __raw, &mut __at) {
                        __seen.insert(10usize);
                        true
                    } else {
                        false
                    }
                }
                _ => false,
            }
        }
        #[allow(unused_mut, unused_variables, clippy::all, clippy::pedantic)]
        fn finish_partial(
            __partial: Self::Partial,
            __cx: &mut ::binder_http::__private_0_1::FieldCx<'_, '__r>,
        ) -> ::binder_http::__private_0_1::Option<Self> {
            let __Partial {
                __seen,
                __slots: (
                    mut __s0,
                    mut __s1,
                    mut __s2,
                    mut __s3,
                    mut __s4,
                    mut __s5,
                    mut __s6,
                    mut __s7,
                    mut __s8,
                    mut __s9,
                    mut __s10,
                ),
                ..
            } = __partial;
            let __v0: ::binder_http::__private_0_1::Option<u32> = ::binder_http::__private_0_1::settle_in(
                <u32 as ::binder_http::__private_0_1::Field<
                    '__r,
                >>::finish(
                    __s0,
                    &mut __cx.at(::binder_http::__private_0_1::Segment::Key("team")),
                ),
                __seen.contains(0usize),
                ::binder_http::__private_0_1::None,
                __cx,
                "team",
            );
            let __v1: ::binder_http::__private_0_1::Option<String> = ::binder_http::__private_0_1::settle_in(
                <String as ::binder_http::__private_0_1::Field<
                    '__r,
                >>::finish(
                    __s1,
                    &mut __cx.at(::binder_http::__private_0_1::Segment::Key("q")),
                ),
                __seen.contains(1usize),
                ::binder_http::__private_0_1::None,
                __cx,
                "q",
            );
            let __v2: ::binder_http::__private_0_1::Option<Option<u32>> = ::binder_http::__private_0_1::settle_in(
                <Option<
                    u32,
                > as ::binder_http::__private_0_1::Field<
                    '__r,
                >>::finish(
                    __s2,
                    &mut __cx.at(::binder_http::__private_0_1::Segment::Key("pageSize")),
                ),
                __seen.contains(2usize),
                ::binder_http::__private_0_1::None,
                __cx,
                "pageSize",
            );
            let __v3: ::binder_http::__private_0_1::Option<Vec<String>> = ::binder_http::__private_0_1::settle_in(
                <Vec<
                    String,
                > as ::binder_http::__private_0_1::Field<
                    '__r,
                >>::finish(
                    __s3,
                    &mut __cx.at(::binder_http::__private_0_1::Segment::Key("tag")),
                ),
                __seen.contains(3usize),
                ::binder_http::__private_0_1::None,
                __cx,
                "tag",
            );
            let __v4: ::binder_http::__private_0_1::Option<u32> = ::binder_http::__private_0_1::settle_in(
                <u32 as ::binder_http::__private_0_1::Field<
                    '__r,
                >>::finish(
                    __s4,
                    &mut __cx.at(::binder_http::__private_0_1::Segment::Key("limit")),
                ),
                __seen.contains(4usize),
                ::binder_http::__private_0_1::Some(|| -> u32 { 20 }),
                __cx,
                "limit",
            );
            let __v5: ::binder_http::__private_0_1::Option<u64> = ::binder_http::__private_0_1::settle_in(
                <u64 as ::binder_http::__private_0_1::Field<
                    '__r,
                >>::finish(
                    __s5,
                    &mut __cx.at(::binder_http::__private_0_1::Segment::Key("offset")),
                ),
                __seen.contains(5usize),
                ::binder_http::__private_0_1::Some(
                    <u64 as ::binder_http::__private_0_1::Default>::default,
                ),
                __cx,
                "offset",
            );
            let __v6: ::binder_http::__private_0_1::Option<Vec<IpAddr>> = ::binder_http::__private_0_1::settle_in(
                <Vec<
                    ::binder_http::__private_0_1::Parsed<IpAddr>,
                > as ::binder_http::__private_0_1::Field<
                    '__r,
                >>::finish(
                        __s6,
                        &mut __cx.at(::binder_http::__private_0_1::Segment::Key("allow")),
                    )
                    .map(|__l| __l.into_iter().map(|__p| __p.0).collect()),
                __seen.contains(6usize),
                ::binder_http::__private_0_1::None,
                __cx,
                "allow",
            );
            let __v7: ::binder_http::__private_0_1::Option<Option<String>> = ::binder_http::__private_0_1::settle_in(
                <Option<
                    String,
                > as ::binder_http::__private_0_1::Field<
                    '__r,
                >>::finish(
                    __s7,
                    &mut __cx
                        .at(::binder_http::__private_0_1::Segment::Key("x-request-id")),
                ),
                __seen.contains(7usize),
                ::binder_http::__private_0_1::None,
                __cx,
                "x-request-id",
            );
            let __v8: ::binder_http::__private_0_1::Option<u8> = ::binder_http::__private_0_1::settle_in(
                <u8 as ::binder_http::__private_0_1::Field<
                    '__r,
                >>::finish(
                    __s8,
                    &mut __cx
                        .at(::binder_http::__private_0_1::Segment::Key("x-api-version")),
                ),
                __seen.contains(8usize),
                ::binder_http::__private_0_1::None,
                __cx,
                "x-api-version",
            );
            let __v9: ::binder_http::__private_0_1::Option<String> = ::binder_http::__private_0_1::settle_in(
                <String as ::binder_http::__private_0_1::Field<
                    '__r,
                >>::finish(
                    __s9,
                    &mut __cx.at(::binder_http::__private_0_1::Segment::Key("session")),
                ),
                __seen.contains(9usize),
                ::binder_http::__private_0_1::None,
                __cx,
                "session",
            );
            let __v10: ::binder_http::__private_0_1::Option<Option<String>> = ::binder_http::__private_0_1::settle_in(
                <Option<
                    String,
                > as ::binder_http::__private_0_1::Field<
                    '__r,
                >>::finish(
                    __s10,
                    &mut __cx.at(::binder_http::__private_0_1::Segment::Key("pref")),
                ),
                __seen.contains(10usize),
                ::binder_http::__private_0_1::None,
                __cx,
                "pref",
            );
            let __v11 = ::binder_http::__private_0_1::Some(
                <Vec<u8> as ::binder_http::__private_0_1::Default>::default(),
            );
            match (
                __v0,
                __v1,
                __v2,
                __v3,
                __v4,
                __v5,
                __v6,
                __v7,
                __v8,
                __v9,
                __v10,
                __v11,
            ) {
                (
                    ::binder_http::__private_0_1::Some(__f0),
                    ::binder_http::__private_0_1::Some(__f1),
                    ::binder_http::__private_0_1::Some(__f2),
                    ::binder_http::__private_0_1::Some(__f3),
                    ::binder_http::__private_0_1::Some(__f4),
                    ::binder_http::__private_0_1::Some(__f5),
                    ::binder_http::__private_0_1::Some(__f6),
                    ::binder_http::__private_0_1::Some(__f7),
                    ::binder_http::__private_0_1::Some(__f8),
                    ::binder_http::__private_0_1::Some(__f9),
                    ::binder_http::__private_0_1::Some(__f10),
                    ::binder_http::__private_0_1::Some(__f11),
                ) => {
                    ::binder_http::__private_0_1::Some(Self {
                        team_id: __f0,
                        q: __f1,
                        page_size: __f2,
                        tags: __f3,
                        limit: __f4,
                        offset: __f5,
                        allow: __f6,
                        trace: __f7,
                        x_api_version: __f8,
                        session: __f9,
                        pref: __f10,
                        computed: __f11,
                    })
                }
                _ => ::binder_http::__private_0_1::None,
            }
        }
        #[allow(unused_mut, unused_variables, clippy::all, clippy::pedantic)]
        fn from_json(
            __r: &mut ::binder_http::__private_0_1::Reader<'__r>,
            __cx: &mut ::binder_http::__private_0_1::FieldCx<'_, '__r>,
        ) -> ::binder_http::__private_0_1::Result<
            ::binder_http::__private_0_1::Option<Self>,
            ::binder_http::__private_0_1::Error,
        > {
            if !::binder_http::__private_0_1::begin_nested(__r, __cx)? {
                return ::binder_http::__private_0_1::Ok(
                    ::binder_http::__private_0_1::None,
                );
            }
            let mut __seen = ::binder_http::__private_0_1::Bits::<
                { ::binder_http::__private_0_1::words_for(12usize) },
            >::new();
            let mut __s0 = <u32 as ::binder_http::__private_0_1::Field<'__r>>::slot();
            let mut __s1 = <String as ::binder_http::__private_0_1::Field<'__r>>::slot();
            let mut __s2 = <Option<
                u32,
            > as ::binder_http::__private_0_1::Field<'__r>>::slot();
            let mut __s3 = <Vec<
                String,
            > as ::binder_http::__private_0_1::Field<'__r>>::slot();
            let mut __s4 = <u32 as ::binder_http::__private_0_1::Field<'__r>>::slot();
            let mut __s5 = <u64 as ::binder_http::__private_0_1::Field<'__r>>::slot();
            let mut __s6 = <Vec<
                ::binder_http::__private_0_1::Parsed<IpAddr>,
            > as ::binder_http::__private_0_1::Field<'__r>>::slot();
            let mut __s7 = <Option<
                String,
            > as ::binder_http::__private_0_1::Field<'__r>>::slot();
            let mut __s8 = <u8 as ::binder_http::__private_0_1::Field<'__r>>::slot();
            let mut __s9 = <String as ::binder_http::__private_0_1::Field<'__r>>::slot();
            let mut __s10 = <Option<
                String,
            > as ::binder_http::__private_0_1::Field<'__r>>::slot();
            ::binder_http::__private_0_1::members::<
                13usize,
            >(
                __r,
                {
                    const __ORDER: &[::binder_http::__private_0_1::JsonExpect] = &[
                        ::binder_http::__private_0_1::json_expect("team", 0usize),
                        ::binder_http::__private_0_1::json_expect("q", 1usize),
                        ::binder_http::__private_0_1::json_expect("pageSize", 2usize),
                        ::binder_http::__private_0_1::json_expect("tag", 3usize),
                        ::binder_http::__private_0_1::json_expect("limit", 4usize),
                        ::binder_http::__private_0_1::json_expect("offset", 5usize),
                        ::binder_http::__private_0_1::json_expect("allow", 6usize),
                        ::binder_http::__private_0_1::json_expect(
                            "x-request-id",
                            7usize,
                        ),
                        ::binder_http::__private_0_1::json_expect(
                            "x-api-version",
                            8usize,
                        ),
                        ::binder_http::__private_0_1::json_expect("session", 9usize),
                        ::binder_http::__private_0_1::json_expect("pref", 10usize),
                    ];
                    __ORDER
                },
                |__w: u64| -> usize {
                    const __W0: u64 = ::binder_http::__private_0_1::json_word("team");
                    const __W1: u64 = ::binder_http::__private_0_1::json_word("q");
                    const __W2: u64 = ::binder_http::__private_0_1::json_word(
                        "pageSize",
                    );
                    const __W3: u64 = ::binder_http::__private_0_1::json_word("tag");
                    const __W4: u64 = ::binder_http::__private_0_1::json_word("limit");
                    const __W5: u64 = ::binder_http::__private_0_1::json_word("offset");
                    const __W6: u64 = ::binder_http::__private_0_1::json_word("allow");
                    const __W7: u64 = ::binder_http::__private_0_1::json_word(
                        "x-request-id",
                    );
                    const __W8: u64 = ::binder_http::__private_0_1::json_word(
                        "x-api-version",
                    );
                    const __W9: u64 = ::binder_http::__private_0_1::json_word("session");
                    const __W10: u64 = ::binder_http::__private_0_1::json_word("pref");
                    if __w == 0 {
                        return ::binder_http::__private_0_1::NO_FIELD;
                    }
                    match __w {
                        __W0 => 0usize,
                        __W1 => 1usize,
                        __W2 => 2usize,
                        __W3 => 3usize,
                        __W4 => 4usize,
                        __W5 => 5usize,
                        __W6 => 6usize,
                        __W7 => 7usize,
                        __W8 => 8usize,
                        __W9 => 9usize,
                        __W10 => 10usize,
                        _ => ::binder_http::__private_0_1::NO_FIELD,
                    }
                },
                |__k: &[u8]| -> usize {
                    match __k.len() {
                        1usize => {
                            if __k == b"q" {
                                return 1usize;
                            }
                        }
                        3usize => {
                            if __k == b"tag" {
                                return 3usize;
                            }
                        }
                        4usize => {
                            if __k == b"team" {
                                return 0usize;
                            }
                            if __k == b"pref" {
                                return 10usize;
                            }
                        }
                        5usize => {
                            if __k == b"limit" {
                                return 4usize;
                            }
                            if __k == b"allow" {
                                return 6usize;
                            }
                        }
                        6usize => {
                            if __k == b"offset" {
                                return 5usize;
                            }
                        }
                        7usize => {
                            if __k == b"session" {
                                return 9usize;
                            }
                        }
                        8usize => {
                            if __k == b"pageSize" {
                                return 2usize;
                            }
                        }
                        12usize => {
                            if __k == b"x-request-id" {
                                return 7usize;
                            }
                        }
                        13usize => {
                            if __k == b"x-api-version" {
                                return 8usize;
                            }
                        }
                        _ => {}
                    }
                    ::binder_http::__private_0_1::NO_FIELD
                },
                |__field, __r| {
                    match __field {
                        0usize => {
                            let __first = __seen.insert(0usize);
                            ::binder_http::__private_0_1::offer_json::<
                                u32,
                            >(
                                &mut __s0,
                                __first,
                                __r,
                                false,
                                &mut __cx
                                    .at(::binder_http::__private_0_1::Segment::Key("team")),
                            )?;
                        }
                        1usize => {
                            let __first = __seen.insert(1usize);
                            ::binder_http::__private_0_1::offer_json::<
                                String,
                            >(
                                &mut __s1,
                                __first,
                                __r,
                                true,
                                &mut __cx
                                    .at(::binder_http::__private_0_1::Segment::Key("q")),
                            )?;
                        }
                        2usize => {
                            let __first = __seen.insert(2usize);
                            ::binder_http::__private_0_1::offer_json::<
                                Option<u32>,
                            >(
                                &mut __s2,
                                __first,
                                __r,
                                false,
                                &mut __cx
                                    .at(::binder_http::__private_0_1::Segment::Key("pageSize")),
                            )?;
                        }
                        3usize => {
                            let __first = __seen.insert(3usize);
                            ::binder_http::__private_0_1::offer_json::<
                                Vec<String>,
                            >(
                                &mut __s3,
                                __first,
                                __r,
                                false,
                                &mut __cx
                                    .at(::binder_http::__private_0_1::Segment::Key("tag")),
                            )?;
                        }
                        4usize => {
                            let __first = __seen.insert(4usize);
                            ::binder_http::__private_0_1::offer_json::<
                                u32,
                            >(
                                &mut __s4,
                                __first,
                                __r,
                                false,
                                &mut __cx
                                    .at(::binder_http::__private_0_1::Segment::Key("limit")),
                            )?;
                        }
                        5usize => {
                            let __first = __seen.insert(5usize);
                            ::binder_http::__private_0_1::offer_json::<
                                u64,
                            >(
                                &mut __s5,
                                __first,
                                __r,
                                false,
                                &mut __cx
                                    .at(::binder_http::__private_0_1::Segment::Key("offset")),
                            )?;
                        }
                        6usize => {
                            let __first = __seen.insert(6usize);
                            ::binder_http::__private_0_1::offer_json::<
                                Vec<::binder_http::__private_0_1::Parsed<IpAddr>>,
                            >(
                                &mut __s6,
                                __first,
                                __r,
                                false,
                                &mut __cx
                                    .at(::binder_http::__private_0_1::Segment::Key("allow")),
                            )?;
                        }
                        7usize => {
                            let __first = __seen.insert(7usize);
                            ::binder_http::__private_0_1::offer_json::<
                                Option<String>,
                            >(
                                &mut __s7,
                                __first,
                                __r,
                                false,
                                &mut __cx
                                    .at(
                                        ::binder_http::__private_0_1::Segment::Key("x-request-id"),
                                    ),
                            )?;
                        }
                        8usize => {
                            let __first = __seen.insert(8usize);
                            ::binder_http::__private_0_1::offer_json::<
                                u8,
                            >(
                                &mut __s8,
                                __first,
                                __r,
                                false,
                                &mut __cx
                                    .at(
                                        ::binder_http::__private_0_1::Segment::Key("x-api-version"),
                                    ),
                            )?;
                        }
                        9usize => {
                            let __first = __seen.insert(9usize);
                            ::binder_http::__private_0_1::offer_json::<
                                String,
                            >(
                                &mut __s9,
                                __first,
                                __r,
                                false,
                                &mut __cx
                                    .at(::binder_http::__private_0_1::Segment::Key("session")),
                            )?;
                        }
                        10usize => {
                            let __first = __seen.insert(10usize);
                            ::binder_http::__private_0_1::offer_json::<
                                Option<String>,
                            >(
                                &mut __s10,
                                __first,
                                __r,
                                false,
                                &mut __cx
                                    .at(::binder_http::__private_0_1::Segment::Key("pref")),
                            )?;
                        }
                        _ => __r.skip_value()?,
                    }
                    ::binder_http::__private_0_1::Ok(())
                },
            )?;
            let __v0: ::binder_http::__private_0_1::Option<u32> = ::binder_http::__private_0_1::settle_in(
                <u32 as ::binder_http::__private_0_1::Field<
                    '__r,
                >>::finish(
                    __s0,
                    &mut __cx.at(::binder_http::__private_0_1::Segment::Key("team")),
                ),
                __seen.contains(0usize),
                ::binder_http::__private_0_1::None,
                __cx,
                "team",
            );
            let __v1: ::binder_http::__private_0_1::Option<String> = ::binder_http::__private_0_1::settle_in(
                <String as ::binder_http::__private_0_1::Field<
                    '__r,
                >>::finish(
                    __s1,
                    &mut __cx.at(::binder_http::__private_0_1::Segment::Key("q")),
                ),
                __seen.contains(1usize),
                ::binder_http::__private_0_1::None,
                __cx,
                "q",
            );
            let __v2: ::binder_http::__private_0_1::Option<Option<u32>> = ::binder_http::__private_0_1::settle_in(
                <Option<
                    u32,
                > as ::binder_http::__private_0_1::Field<
                    '__r,
                >>::finish(
                    __s2,
                    &mut __cx.at(::binder_http::__private_0_1::Segment::Key("pageSize")),
                ),
                __seen.contains(2usize),
                ::binder_http::__private_0_1::None,
                __cx,
                "pageSize",
            );
            let __v3: ::binder_http::__private_0_1::Option<Vec<String>> = ::binder_http::__private_0_1::settle_in(
                <Vec<
                    String,
                > as ::binder_http::__private_0_1::Field<
                    '__r,
                >>::finish(
                    __s3,
                    &mut __cx.at(::binder_http::__private_0_1::Segment::Key("tag")),
                ),
                __seen.contains(3usize),
                ::binder_http::__private_0_1::None,
                __cx,
                "tag",
            );
            let __v4: ::binder_http::__private_0_1::Option<u32> = ::binder_http::__private_0_1::settle_in(
                <u32 as ::binder_http::__private_0_1::Field<
                    '__r,
                >>::finish(
                    __s4,
                    &mut __cx.at(::binder_http::__private_0_1::Segment::Key("limit")),
                ),
                __seen.contains(4usize),
                ::binder_http::__private_0_1::Some(|| -> u32 { 20 }),
                __cx,
                "limit",
            );
            let __v5: ::binder_http::__private_0_1::Option<u64> = ::binder_http::__private_0_1::settle_in(
                <u64 as ::binder_http::__private_0_1::Field<
                    '__r,
                >>::finish(
                    __s5,
                    &mut __cx.at(::binder_http::__private_0_1::Segment::Key("offset")),
                ),
                __seen.contains(5usize),
                ::binder_http::__private_0_1::Some(
                    <u64 as ::binder_http::__private_0_1::Default>::default,
                ),
                __cx,
                "offset",
            );
            let __v6: ::binder_http::__private_0_1::Option<Vec<IpAddr>> = ::binder_http::__private_0_1::settle_in(
                <Vec<
                    ::binder_http::__private_0_1::Parsed<IpAddr>,
                > as ::binder_http::__private_0_1::Field<
                    '__r,
                >>::finish(
                        __s6,
                        &mut __cx.at(::binder_http::__private_0_1::Segment::Key("allow")),
                    )
                    .map(|__l| __l.into_iter().map(|__p| __p.0).collect()),
                __seen.contains(6usize),
                ::binder_http::__private_0_1::None,
                __cx,
                "allow",
            );
            let __v7: ::binder_http::__private_0_1::Option<Option<String>> = ::binder_http::__private_0_1::settle_in(
                <Option<
                    String,
                > as ::binder_http::__private_0_1::Field<
                    '__r,
                >>::finish(
                    __s7,
                    &mut __cx
                        .at(::binder_http::__private_0_1::Segment::Key("x-request-id")),
                ),
                __seen.contains(7usize),
                ::binder_http::__private_0_1::None,
                __cx,
                "x-request-id",
            );
            let __v8: ::binder_http::__private_0_1::Option<u8> = ::binder_http::__private_0_1::settle_in(
                <u8 as ::binder_http::__private_0_1::Field<
                    '__r,
                >>::finish(
                    __s8,
                    &mut __cx
                        .at(::binder_http::__private_0_1::Segment::Key("x-api-version")),
                ),
                __seen.contains(8usize),
                ::binder_http::__private_0_1::None,
                __cx,
                "x-api-version",
            );
            let __v9: ::binder_http::__private_0_1::Option<String> = ::binder_http::__private_0_1::settle_in(
                <String as ::binder_http::__private_0_1::Field<
                    '__r,
                >>::finish(
                    __s9,
                    &mut __cx.at(::binder_http::__private_0_1::Segment::Key("session")),
                ),
                __seen.contains(9usize),
                ::binder_http::__private_0_1::None,
                __cx,
                "session",
            );
            let __v10: ::binder_http::__private_0_1::Option<Option<String>> = ::binder_http::__private_0_1::settle_in(
                <Option<
                    String,
                > as ::binder_http::__private_0_1::Field<
                    '__r,
                >>::finish(
                    __s10,
                    &mut __cx.at(::binder_http::__private_0_1::Segment::Key("pref")),
                ),
                __seen.contains(10usize),
                ::binder_http::__private_0_1::None,
                __cx,
                "pref",
            );
            let __v11 = ::binder_http::__private_0_1::Some(
                <Vec<u8> as ::binder_http::__private_0_1::Default>::default(),
            );
            ::binder_http::__private_0_1::Ok(
                match (
                    __v0,
                    __v1,
                    __v2,
                    __v3,
                    __v4,
                    __v5,
                    __v6,
                    __v7,
                    __v8,
                    __v9,
                    __v10,
                    __v11,
                ) {
                    (
                        ::binder_http::__private_0_1::Some(__f0),
                        ::binder_http::__private_0_1::Some(__f1),
                        ::binder_http::__private_0_1::Some(__f2),
                        ::binder_http::__private_0_1::Some(__f3),
                        ::binder_http::__private_0_1::Some(__f4),
                        ::binder_http::__private_0_1::Some(__f5),
                        ::binder_http::__private_0_1::Some(__f6),
                        ::binder_http::__private_0_1::Some(__f7),
                        ::binder_http::__private_0_1::Some(__f8),
                        ::binder_http::__private_0_1::Some(__f9),
                        ::binder_http::__private_0_1::Some(__f10),
                        ::binder_http::__private_0_1::Some(__f11),
                    ) => {
                        ::binder_http::__private_0_1::Some(Self {
                            team_id: __f0,
                            q: __f1,
                            page_size: __f2,
                            tags: __f3,
                            limit: __f4,
                            offset: __f5,
                            allow: __f6,
                            trace: __f7,
                            x_api_version: __f8,
                            session: __f9,
                            pref: __f10,
                            computed: __f11,
                        })
                    }
                    _ => ::binder_http::__private_0_1::None,
                },
            )
        }
    }
    #[automatically_derived]
    impl ::binder_http::__private_0_1::OwnedBind for Search {}
    #[automatically_derived]
    impl<'__r> ::binder_http::__private_0_1::Bind<'__r> for Search {
        const FORM_KEYS: ::binder_http::__private_0_1::Option<&'static [&'static str]> = ::binder_http::__private_0_1::Some(
            &[],
        );
        #[allow(
            unused_mut,
            unused_variables,
            unreachable_patterns,
            clippy::all,
            clippy::pedantic
        )]
        fn bind_with<__R: ::binder_http::__private_0_1::Request<'__r>>(
            __req: &__R,
            __limits: &::binder_http::__private_0_1::Limits,
        ) -> ::binder_http::__private_0_1::Result<
            Self,
            ::binder_http::__private_0_1::BindError,
        > {
            let mut __errors = ::binder_http::__private_0_1::Errors::new(
                __limits.max_errors,
            );
            let mut __seen = ::binder_http::__private_0_1::Bits::<
                { ::binder_http::__private_0_1::words_for(12usize) },
            >::new();
            let mut __s0 = <u32 as ::binder_http::__private_0_1::Field<'__r>>::slot();
            let mut __s1 = <String as ::binder_http::__private_0_1::Field<'__r>>::slot();
            let mut __s2 = <Option<
                u32,
            > as ::binder_http::__private_0_1::Field<'__r>>::slot();
            let mut __s3 = <Vec<
                String,
            > as ::binder_http::__private_0_1::Field<'__r>>::slot();
            let mut __s4 = <u32 as ::binder_http::__private_0_1::Field<'__r>>::slot();
            let mut __s5 = <u64 as ::binder_http::__private_0_1::Field<'__r>>::slot();
            let mut __s6 = <Vec<
                ::binder_http::__private_0_1::Parsed<IpAddr>,
            > as ::binder_http::__private_0_1::Field<'__r>>::slot();
            let mut __s7 = <Option<
                String,
            > as ::binder_http::__private_0_1::Field<'__r>>::slot();
            let mut __s8 = <u8 as ::binder_http::__private_0_1::Field<'__r>>::slot();
            let mut __s9 = <String as ::binder_http::__private_0_1::Field<'__r>>::slot();
            let mut __s10 = <Option<
                String,
            > as ::binder_http::__private_0_1::Field<'__r>>::slot();
            __req
                .path_params(|__name, __value| {
                    let __raw = if <__R as ::binder_http::__private_0_1::Request<
                        '__r,
                    >>::PATH_DECODED {
                        ::binder_http::__private_0_1::Raw::decoded_text(__value)
                    } else {
                        ::binder_http::__private_0_1::Raw::path_text(__value)
                    };
                    match __name.as_bytes() {
                        __k if __k == b"team" => {
                            if __seen.insert(0usize)
                                || <u32 as ::binder_http::__private_0_1::Field<
                                    '__r,
                                >>::REPEATS
                            {
                                ::binder_http::__private_0_1::offer::<
                                    u32,
                                >(
                                    &mut __s0,
                                    __raw,
                                    false,
                                    &mut __errors,
                                    0usize,
                                    ::binder_http::__private_0_1::Source::Path,
                                    "team",
                                );
                            }
                        }
                        _ => {}
                    }
                });
            if let ::binder_http::__private_0_1::Some(__q) = __req.query() {
                let (__stop, __all) = (
                    !(false
                        || <String as ::binder_http::__private_0_1::Field<'__r>>::REPEATS
                        || <Option<
                            u32,
                        > as ::binder_http::__private_0_1::Field<'__r>>::REPEATS
                        || <Vec<
                            String,
                        > as ::binder_http::__private_0_1::Field<'__r>>::REPEATS
                        || <u32 as ::binder_http::__private_0_1::Field<'__r>>::REPEATS
                        || <u64 as ::binder_http::__private_0_1::Field<'__r>>::REPEATS
                        || <Vec<
                            ::binder_http::__private_0_1::Parsed<IpAddr>,
                        > as ::binder_http::__private_0_1::Field<'__r>>::REPEATS),
                    {
                        let mut __all = ::binder_http::__private_0_1::Bits::<
                            { ::binder_http::__private_0_1::words_for(12usize) },
                        >::new();
                        __all.insert(1usize);
                        __all.insert(2usize);
                        __all.insert(3usize);
                        __all.insert(4usize);
                        __all.insert(5usize);
                        __all.insert(6usize);
                        __all
                    },
                );
                let mut __c = ::binder_http::__private_0_1::Cursor::text(__q, __limits);
                let __malformed = |__e| ::binder_http::__private_0_1::BindError::Malformed {
                    source: ::binder_http::__private_0_1::Source::Query,
                    error: __e,
                };
                while let ::binder_http::__private_0_1::Some(__b) = __c
                    .next()
                    .map_err(__malformed)?
                {
                    match __b {
                        113u8 if __c.starts_with(b"q=") => {
                            let __raw = __c.value(2usize);
                            if __seen.insert(1usize)
                                || <String as ::binder_http::__private_0_1::Field<
                                    '__r,
                                >>::REPEATS
                            {
                                ::binder_http::__private_0_1::offer::<
                                    String,
                                >(
                                    &mut __s1,
                                    __raw,
                                    true,
                                    &mut __errors,
                                    1usize,
                                    ::binder_http::__private_0_1::Source::Query,
                                    "q",
                                );
                            }
                        }
                        112u8 if __c.starts_with(b"pageSize=") => {
                            let __raw = __c.value(9usize);
                            if __seen.insert(2usize)
                                || <Option<
                                    u32,
                                > as ::binder_http::__private_0_1::Field<'__r>>::REPEATS
                            {
                                ::binder_http::__private_0_1::offer::<
                                    Option<u32>,
                                >(
                                    &mut __s2,
                                    __raw,
                                    false,
                                    &mut __errors,
                                    2usize,
                                    ::binder_http::__private_0_1::Source::Query,
                                    "pageSize",
                                );
                            }
                        }
                        116u8 if __c.starts_with(b"tag=") => {
                            let __raw = __c.value(4usize);
                            if __seen.insert(3usize)
                                || <Vec<
                                    String,
                                > as ::binder_http::__private_0_1::Field<'__r>>::REPEATS
                            {
                                ::binder_http::__private_0_1::offer::<
                                    Vec<String>,
                                >(
                                    &mut __s3,
                                    __raw,
                                    false,
                                    &mut __errors,
                                    3usize,
                                    ::binder_http::__private_0_1::Source::Query,
                                    "tag",
                                );
                            }
                        }
                        108u8 if __c.starts_with(b"limit=") => {
                            let __raw = __c.value(6usize);
                            if __seen.insert(4usize)
                                || <u32 as ::binder_http::__private_0_1::Field<
                                    '__r,
                                >>::REPEATS
                            {
                                ::binder_http::__private_0_1::offer::<
                                    u32,
                                >(
                                    &mut __s4,
                                    __raw,
                                    false,
                                    &mut __errors,
                                    4usize,
                                    ::binder_http::__private_0_1::Source::Query,
                                    "limit",
                                );
                            }
                        }
                        111u8 if __c.starts_with(b"offset=") => {
                            let __raw = __c.value(7usize);
                            if __seen.insert(5usize)
                                || <u64 as ::binder_http::__private_0_1::Field<
                                    '__r,
                                >>::REPEATS
                            {
                                ::binder_http::__private_0_1::offer::<
                                    u64,
                                >(
                                    &mut __s5,
                                    __raw,
                                    false,
                                    &mut __errors,
                                    5usize,
                                    ::binder_http::__private_0_1::Source::Query,
                                    "offset",
                                );
                            }
                        }
                        97u8 if __c.starts_with(b"allow=") => {
                            let __raw = __c.value(6usize);
                            if __seen.insert(6usize)
                                || <Vec<
                                    ::binder_http::__private_0_1::Parsed<IpAddr>,
                                > as ::binder_http::__private_0_1::Field<'__r>>::REPEATS
                            {
                                ::binder_http::__private_0_1::offer::<
                                    Vec<::binder_http::__private_0_1::Parsed<IpAddr>>,
                                >(
                                    &mut __s6,
                                    __raw,
                                    false,
                                    &mut __errors,
                                    6usize,
                                    ::binder_http::__private_0_1::Source::Query,
                                    "allow",
                                );
                            }
                        }
                        37u8 | 43u8 | 97u8 | 108u8 | 111u8 | 112u8 | 113u8 | 116u8 => {
                            let __pair = __c.pair_raw().map_err(__malformed)?;
                            ::binder_http::__private_0_1::with_key(
                                __pair,
                                |__key, __raw| {
                                    match &*__key {
                                        b"q" => {
                                            if __seen.insert(1usize)
                                                || <String as ::binder_http::__private_0_1::Field<
                                                    '__r,
                                                >>::REPEATS
                                            {
                                                ::binder_http::__private_0_1::offer_shared::<
                                                    String,
                                                >(
                                                    &mut __s1,
                                                    __raw,
                                                    true,
                                                    &mut __errors,
                                                    1usize,
                                                    ::binder_http::__private_0_1::Source::Query,
                                                    "q",
                                                );
                                            }
                                        }
                                        b"pageSize" => {
                                            if __seen.insert(2usize)
                                                || <Option<
                                                    u32,
                                                > as ::binder_http::__private_0_1::Field<'__r>>::REPEATS
                                            {
                                                ::binder_http::__private_0_1::offer_shared::<
                                                    Option<u32>,
                                                >(
                                                    &mut __s2,
                                                    __raw,
                                                    false,
                                                    &mut __errors,
                                                    2usize,
                                                    ::binder_http::__private_0_1::Source::Query,
                                                    "pageSize",
                                                );
                                            }
                                        }
                                        b"tag" => {
                                            if __seen.insert(3usize)
                                                || <Vec<
                                                    String,
                                                > as ::binder_http::__private_0_1::Field<'__r>>::REPEATS
                                            {
                                                ::binder_http::__private_0_1::offer_shared::<
                                                    Vec<String>,
                                                >(
                                                    &mut __s3,
                                                    __raw,
                                                    false,
                                                    &mut __errors,
                                                    3usize,
                                                    ::binder_http::__private_0_1::Source::Query,
                                                    "tag",
                                                );
                                            }
                                        }
                                        b"limit" => {
                                            if __seen.insert(4usize)
                                                || <u32 as ::binder_http::__private_0_1::Field<
                                                    '__r,
                                                >>::REPEATS
                                            {
                                                ::binder_http::__private_0_1::offer_shared::<
                                                    u32,
                                                >(
                                                    &mut __s4,
                                                    __raw,
                                                    false,
                                                    &mut __errors,
                                                    4usize,
                                                    ::binder_http::__private_0_1::Source::Query,
                                                    "limit",
                                                );
                                            }
                                        }
                                        b"offset" => {
                                            if __seen.insert(5usize)
                                                || <u64 as ::binder_http::__private_0_1::Field<
                                                    '__r,
                                                >>::REPEATS
                                            {
                                                ::binder_http::__private_0_1::offer_shared::<
                                                    u64,
                                                >(
                                                    &mut __s5,
                                                    __raw,
                                                    false,
                                                    &mut __errors,
                                                    5usize,
                                                    ::binder_http::__private_0_1::Source::Query,
                                                    "offset",
                                                );
                                            }
                                        }
                                        b"allow" => {
                                            if __seen.insert(6usize)
                                                || <Vec<
                                                    ::binder_http::__private_0_1::Parsed<IpAddr>,
                                                > as ::binder_http::__private_0_1::Field<'__r>>::REPEATS
                                            {
                                                ::binder_http::__private_0_1::offer_shared::<
                                                    Vec<::binder_http::__private_0_1::Parsed<IpAddr>>,
                                                >(
                                                    &mut __s6,
                                                    __raw,
                                                    false,
                                                    &mut __errors,
                                                    6usize,
                                                    ::binder_http::__private_0_1::Source::Query,
                                                    "allow",
                                                );
                                            }
                                        }
                                        _ => {
                                            if let ::binder_http::__private_0_1::Some(__at) = ::binder_http::__private_0_1::path_start(
                                                &__key,
                                            ) {
                                                match &__key[..__at] {
                                                    b"q" => {
                                                        if ::binder_http::__private_0_1::offer_path::<
                                                            String,
                                                        >(
                                                            &mut __s1,
                                                            __key,
                                                            __at,
                                                            __raw,
                                                            &mut __errors,
                                                            1usize,
                                                            ::binder_http::__private_0_1::Source::Query,
                                                            "q",
                                                        ) {
                                                            __seen.insert(1usize);
                                                        }
                                                    }
                                                    b"pageSize" => {
                                                        if ::binder_http::__private_0_1::offer_path::<
                                                            Option<u32>,
                                                        >(
                                                            &mut __s2,
                                                            __key,
                                                            __at,
                                                            __raw,
                                                            &mut __errors,
                                                            2usize,
                                                            ::binder_http::__private_0_1::Source::Query,
                                                            "pageSize",
                                                        ) {
                                                            __seen.insert(2usize);
                                                        }
                                                    }
                                                    b"tag" => {
                                                        if ::binder_http::__private_0_1::offer_path::<
                                                            Vec<String>,
                                                        >(
                                                            &mut __s3,
                                                            __key,
                                                            __at,
                                                            __raw,
                                                            &mut __errors,
                                                            3usize,
                                                            ::binder_http::__private_0_1::Source::Query,
                                                            "tag",
                                                        ) {
                                                            __seen.insert(3usize);
                                                        }
                                                    }
                                                    b"limit" => {
                                                        if ::binder_http::__private_0_1::offer_path::<
                                                            u32,
                                                        >(
                                                            &mut __s4,
                                                            __key,
                                                            __at,
                                                            __raw,
                                                            &mut __errors,
                                                            4usize,
                                                            ::binder_http::__private_0_1::Source::Query,
                                                            "limit",
                                                        ) {
                                                            __seen.insert(4usize);
                                                        }
                                                    }
                                                    b"offset" => {
                                                        if ::binder_http::__private_0_1::offer_path::<
                                                            u64,
                                                        >(
                                                            &mut __s5,
                                                            __key,
                                                            __at,
                                                            __raw,
                                                            &mut __errors,
                                                            5usize,
                                                            ::binder_http::__private_0_1::Source::Query,
                                                            "offset",
                                                        ) {
                                                            __seen.insert(5usize);
                                                        }
                                                    }
                                                    b"allow" => {
                                                        if ::binder_http::__private_0_1::offer_path::<
                                                            Vec<::binder_http::__private_0_1::Parsed<IpAddr>>,
                                                        >(
                                                            &mut __s6,
                                                            __key,
                                                            __at,
                                                            __raw,
                                                            &mut __errors,
                                                            6usize,
                                                            ::binder_http::__private_0_1::Source::Query,
                                                            "allow",
                                                        ) {
                                                            __seen.insert(6usize);
                                                        }
                                                    }
                                                    _ => {}
                                                }
                                            }
                                        }
                                    }
                                },
                            );
                        }
                        _ => {
                            const __WANTED: ::binder_http::__private_0_1::ByteSet = ::binder_http::__private_0_1::ByteSet::new()
                                .with(37u8)
                                .with(43u8)
                                .with(97u8)
                                .with(108u8)
                                .with(111u8)
                                .with(112u8)
                                .with(113u8)
                                .with(116u8);
                            __c.skip_unwanted(&__WANTED).map_err(__malformed)?;
                            continue;
                        }
                    }
                    if __stop && __seen.is_superset(&__all) {
                        break;
                    }
                }
            }
            let mut __cookies_last: ::binder_http::__private_0_1::Option<
                ::binder_http::__private_0_1::CookieCursor<'_>,
            > = ::binder_http::__private_0_1::None;
            let mut __cookies_done = false;
            let mut __failed: ::binder_http::__private_0_1::Option<
                ::binder_http::__private_0_1::BindError,
            > = ::binder_http::__private_0_1::None;
            __req
                .headers(|__name, __value| {
                    match __name {
                        __k if __k == b"x-request-id" => {
                            let __raw = ::binder_http::__private_0_1::Raw::plain(
                                __value,
                            );
                            if __seen.insert(7usize)
                                || <Option<
                                    String,
                                > as ::binder_http::__private_0_1::Field<'__r>>::REPEATS
                            {
                                ::binder_http::__private_0_1::offer::<
                                    Option<String>,
                                >(
                                    &mut __s7,
                                    __raw,
                                    false,
                                    &mut __errors,
                                    7usize,
                                    ::binder_http::__private_0_1::Source::Header,
                                    "x-request-id",
                                );
                            }
                        }
                        __k if __k == b"x-api-version" => {
                            let __raw = ::binder_http::__private_0_1::Raw::plain(
                                __value,
                            );
                            if __seen.insert(8usize)
                                || <u8 as ::binder_http::__private_0_1::Field<
                                    '__r,
                                >>::REPEATS
                            {
                                ::binder_http::__private_0_1::offer::<
                                    u8,
                                >(
                                    &mut __s8,
                                    __raw,
                                    false,
                                    &mut __errors,
                                    8usize,
                                    ::binder_http::__private_0_1::Source::Header,
                                    "x-api-version",
                                );
                            }
                        }
                        b"cookie" if !__cookies_done => {
                            let mut __scan = || -> ::binder_http::__private_0_1::Result<
                                (),
                                ::binder_http::__private_0_1::Error,
                            > {
                                let (__stop, __all) = (
                                    !(false
                                        || <String as ::binder_http::__private_0_1::Field<
                                            '__r,
                                        >>::REPEATS
                                        || <Option<
                                            String,
                                        > as ::binder_http::__private_0_1::Field<'__r>>::REPEATS),
                                    {
                                        let mut __all = ::binder_http::__private_0_1::Bits::<
                                            { ::binder_http::__private_0_1::words_for(12usize) },
                                        >::new();
                                        __all.insert(9usize);
                                        __all.insert(10usize);
                                        __all
                                    },
                                );
                                let __left = match __cookies_last.take() {
                                    ::binder_http::__private_0_1::Some(__last) => {
                                        __last.remaining()
                                    }
                                    ::binder_http::__private_0_1::None => __limits.max_cookies,
                                };
                                let mut __c = ::binder_http::__private_0_1::CookieCursor::new(
                                    __value,
                                    __left,
                                );
                                while let ::binder_http::__private_0_1::Some(__b) = __c
                                    .next()
                                {
                                    match __b {
                                        115u8 if __c.starts_with(b"session=") => {
                                            let __raw = ::binder_http::__private_0_1::Raw::plain(
                                                __c.value(8usize)?,
                                            );
                                            if __seen.insert(9usize)
                                                || <String as ::binder_http::__private_0_1::Field<
                                                    '__r,
                                                >>::REPEATS
                                            {
                                                ::binder_http::__private_0_1::offer::<
                                                    String,
                                                >(
                                                    &mut __s9,
                                                    __raw,
                                                    false,
                                                    &mut __errors,
                                                    9usize,
                                                    ::binder_http::__private_0_1::Source::Cookie,
                                                    "session",
                                                );
                                            }
                                        }
                                        112u8 if __c.starts_with(b"pref=") => {
                                            let __raw = ::binder_http::__private_0_1::Raw::plain(
                                                __c.value_as_sent(5usize)?,
                                            );
                                            if __seen.insert(10usize)
                                                || <Option<
                                                    String,
                                                > as ::binder_http::__private_0_1::Field<'__r>>::REPEATS
                                            {
                                                ::binder_http::__private_0_1::offer::<
                                                    Option<String>,
                                                >(
                                                    &mut __s10,
                                                    __raw,
                                                    false,
                                                    &mut __errors,
                                                    10usize,
                                                    ::binder_http::__private_0_1::Source::Cookie,
                                                    "pref",
                                                );
                                            }
                                        }
                                        112u8 | 115u8 => {
                                            if let ::binder_http::__private_0_1::Some(__cookie) = __c
                                                .cookie()?
                                            {
                                                match __cookie.name() {
                                                    b"session" => {
                                                        let __raw = ::binder_http::__private_0_1::Raw::plain(
                                                            __cookie.value(),
                                                        );
                                                        if __seen.insert(9usize)
                                                            || <String as ::binder_http::__private_0_1::Field<
                                                                '__r,
                                                            >>::REPEATS
                                                        {
                                                            ::binder_http::__private_0_1::offer_shared::<
                                                                String,
                                                            >(
                                                                &mut __s9,
                                                                __raw,
                                                                false,
                                                                &mut __errors,
                                                                9usize,
                                                                ::binder_http::__private_0_1::Source::Cookie,
                                                                "session",
                                                            );
                                                        }
                                                    }
                                                    b"pref" => {
                                                        let __raw = ::binder_http::__private_0_1::Raw::plain(
                                                            __cookie.value_as_sent(),
                                                        );
                                                        if __seen.insert(10usize)
                                                            || <Option<
                                                                String,
                                                            > as ::binder_http::__private_0_1::Field<'__r>>::REPEATS
                                                        {
                                                            ::binder_http::__private_0_1::offer_shared::<
                                                                Option<String>,
                                                            >(
                                                                &mut __s10,
                                                                __raw,
                                                                false,
                                                                &mut __errors,
                                                                10usize,
                                                                ::binder_http::__private_0_1::Source::Cookie,
                                                                "pref",
                                                            );
                                                        }
                                                    }
                                                    _ => {}
                                                }
                                            }
                                        }
                                        _ => {
                                            __c.skip()?;
                                            continue;
                                        }
                                    }
                                    if __stop && __seen.is_superset(&__all) {
                                        __cookies_done = true;
                                        return ::binder_http::__private_0_1::Ok(());
                                    }
                                }
                                __cookies_last = ::binder_http::__private_0_1::Some(__c);
                                ::binder_http::__private_0_1::Ok(())
                            };
                            if let ::binder_http::__private_0_1::Err(__e) = __scan() {
                                __failed = ::binder_http::__private_0_1::Some(::binder_http::__private_0_1::BindError::Malformed {
                                    source: ::binder_http::__private_0_1::Source::Cookie,
                                    error: __e,
                                });
                                return false;
                            }
                        }
                        _ => {}
                    }
                    true
                });
            if let ::binder_http::__private_0_1::Some(__e) = __failed {
                return ::binder_http::__private_0_1::Err(__e);
            }
            let __v0: ::binder_http::__private_0_1::Option<u32> = ::binder_http::__private_0_1::settle(
                <u32 as ::binder_http::__private_0_1::Field<
                    '__r,
                >>::finish(
                    __s0,
                    &mut ::binder_http::__private_0_1::FieldCx::with_source(
                        &mut __errors,
                        0usize,
                        "team",
                        ::binder_http::__private_0_1::Source::Path,
                    ),
                ),
                __seen.contains(0usize),
                ::binder_http::__private_0_1::None,
                &mut __errors,
                0usize,
                ::binder_http::__private_0_1::Source::Path,
                "team",
            );
            let __v1: ::binder_http::__private_0_1::Option<String> = ::binder_http::__private_0_1::settle(
                <String as ::binder_http::__private_0_1::Field<
                    '__r,
                >>::finish(
                    __s1,
                    &mut ::binder_http::__private_0_1::FieldCx::with_source(
                        &mut __errors,
                        1usize,
                        "q",
                        ::binder_http::__private_0_1::Source::Query,
                    ),
                ),
                __seen.contains(1usize),
                ::binder_http::__private_0_1::None,
                &mut __errors,
                1usize,
                ::binder_http::__private_0_1::Source::Query,
                "q",
            );
            let __v2: ::binder_http::__private_0_1::Option<Option<u32>> = ::binder_http::__private_0_1::settle(
                <Option<
                    u32,
                > as ::binder_http::__private_0_1::Field<
                    '__r,
                >>::finish(
                    __s2,
                    &mut ::binder_http::__private_0_1::FieldCx::with_source(
                        &mut __errors,
                        2usize,
                        "pageSize",
                        ::binder_http::__private_0_1::Source::Query,
                    ),
                ),
                __seen.contains(2usize),
                ::binder_http::__private_0_1::None,
                &mut __errors,
                2usize,
                ::binder_http::__private_0_1::Source::Query,
                "pageSize",
            );
            let __v3: ::binder_http::__private_0_1::Option<Vec<String>> = ::binder_http::__private_0_1::settle(
                <Vec<
                    String,
                > as ::binder_http::__private_0_1::Field<
                    '__r,
                >>::finish(
                    __s3,
                    &mut ::binder_http::__private_0_1::FieldCx::with_source(
                        &mut __errors,
                        3usize,
                        "tag",
                        ::binder_http::__private_0_1::Source::Query,
                    ),
                ),
                __seen.contains(3usize),
                ::binder_http::__private_0_1::None,
                &mut __errors,
                3usize,
                ::binder_http::__private_0_1::Source::Query,
                "tag",
            );
            let __v4: ::binder_http::__private_0_1::Option<u32> = ::binder_http::__private_0_1::settle(
                <u32 as ::binder_http::__private_0_1::Field<
                    '__r,
                >>::finish(
                    __s4,
                    &mut ::binder_http::__private_0_1::FieldCx::with_source(
                        &mut __errors,
                        4usize,
                        "limit",
                        ::binder_http::__private_0_1::Source::Query,
                    ),
                ),
                __seen.contains(4usize),
                ::binder_http::__private_0_1::Some(|| -> u32 { 20 }),
                &mut __errors,
                4usize,
                ::binder_http::__private_0_1::Source::Query,
                "limit",
            );
            let __v5: ::binder_http::__private_0_1::Option<u64> = ::binder_http::__private_0_1::settle(
                <u64 as ::binder_http::__private_0_1::Field<
                    '__r,
                >>::finish(
                    __s5,
                    &mut ::binder_http::__private_0_1::FieldCx::with_source(
                        &mut __errors,
                        5usize,
                        "offset",
                        ::binder_http::__private_0_1::Source::Query,
                    ),
                ),
                __seen.contains(5usize),
                ::binder_http::__private_0_1::Some(
                    <u64 as ::binder_http::__private_0_1::Default>::default,
                ),
                &mut __errors,
                5usize,
                ::binder_http::__private_0_1::Source::Query,
                "offset",
            );
            let __v6: ::binder_http::__private_0_1::Option<Vec<IpAddr>> = ::binder_http::__private_0_1::settle(
                <Vec<
                    ::binder_http::__private_0_1::Parsed<IpAddr>,
                > as ::binder_http::__private_0_1::Field<
                    '__r,
                >>::finish(
                        __s6,
                        &mut ::binder_http::__private_0_1::FieldCx::with_source(
                            &mut __errors,
                            6usize,
                            "allow",
                            ::binder_http::__private_0_1::Source::Query,
                        ),
                    )
                    .map(|__l| __l.into_iter().map(|__p| __p.0).collect()),
                __seen.contains(6usize),
                ::binder_http::__private_0_1::None,
                &mut __errors,
                6usize,
                ::binder_http::__private_0_1::Source::Query,
                "allow",
            );
            let __v7: ::binder_http::__private_0_1::Option<Option<String>> = ::binder_http::__private_0_1::settle(
                <Option<
                    String,
                > as ::binder_http::__private_0_1::Field<
                    '__r,
                >>::finish(
                    __s7,
                    &mut ::binder_http::__private_0_1::FieldCx::with_source(
                        &mut __errors,
                        7usize,
                        "x-request-id",
                        ::binder_http::__private_0_1::Source::Header,
                    ),
                ),
                __seen.contains(7usize),
                ::binder_http::__private_0_1::None,
                &mut __errors,
                7usize,
                ::binder_http::__private_0_1::Source::Header,
                "x-request-id",
            );
            let __v8: ::binder_http::__private_0_1::Option<u8> = ::binder_http::__private_0_1::settle(
                <u8 as ::binder_http::__private_0_1::Field<
                    '__r,
                >>::finish(
                    __s8,
                    &mut ::binder_http::__private_0_1::FieldCx::with_source(
                        &mut __errors,
                        8usize,
                        "x-api-version",
                        ::binder_http::__private_0_1::Source::Header,
                    ),
                ),
                __seen.contains(8usize),
                ::binder_http::__private_0_1::None,
                &mut __errors,
                8usize,
                ::binder_http::__private_0_1::Source::Header,
                "x-api-version",
            );
            let __v9: ::binder_http::__private_0_1::Option<String> = ::binder_http::__private_0_1::settle(
                <String as ::binder_http::__private_0_1::Field<
                    '__r,
                >>::finish(
                    __s9,
                    &mut ::binder_http::__private_0_1::FieldCx::with_source(
                        &mut __errors,
                        9usize,
                        "session",
                        ::binder_http::__private_0_1::Source::Cookie,
                    ),
                ),
                __seen.contains(9usize),
                ::binder_http::__private_0_1::None,
                &mut __errors,
                9usize,
                ::binder_http::__private_0_1::Source::Cookie,
                "session",
            );
            let __v10: ::binder_http::__private_0_1::Option<Option<String>> = ::binder_http::__private_0_1::settle(
                <Option<
                    String,
                > as ::binder_http::__private_0_1::Field<
                    '__r,
                >>::finish(
                    __s10,
                    &mut ::binder_http::__private_0_1::FieldCx::with_source(
                        &mut __errors,
                        10usize,
                        "pref",
                        ::binder_http::__private_0_1::Source::Cookie,
                    ),
                ),
                __seen.contains(10usize),
                ::binder_http::__private_0_1::None,
                &mut __errors,
                10usize,
                ::binder_http::__private_0_1::Source::Cookie,
                "pref",
            );
            let __v11 = ::binder_http::__private_0_1::Some(
                <Vec<u8> as ::binder_http::__private_0_1::Default>::default(),
            );
            if !__errors.is_empty() {
                __errors.sort_by_field();
                return ::binder_http::__private_0_1::Err(
                    ::binder_http::__private_0_1::BindError::Fields(__errors),
                );
            }
            let __bound = match (
                __v0,
                __v1,
                __v2,
                __v3,
                __v4,
                __v5,
                __v6,
                __v7,
                __v8,
                __v9,
                __v10,
                __v11,
            ) {
                (
                    ::binder_http::__private_0_1::Some(__f0),
                    ::binder_http::__private_0_1::Some(__f1),
                    ::binder_http::__private_0_1::Some(__f2),
                    ::binder_http::__private_0_1::Some(__f3),
                    ::binder_http::__private_0_1::Some(__f4),
                    ::binder_http::__private_0_1::Some(__f5),
                    ::binder_http::__private_0_1::Some(__f6),
                    ::binder_http::__private_0_1::Some(__f7),
                    ::binder_http::__private_0_1::Some(__f8),
                    ::binder_http::__private_0_1::Some(__f9),
                    ::binder_http::__private_0_1::Some(__f10),
                    ::binder_http::__private_0_1::Some(__f11),
                ) => {
                    Self {
                        team_id: __f0,
                        q: __f1,
                        page_size: __f2,
                        tags: __f3,
                        limit: __f4,
                        offset: __f5,
                        allow: __f6,
                        trace: __f7,
                        x_api_version: __f8,
                        session: __f9,
                        pref: __f10,
                        computed: __f11,
                    }
                }
                _ => {
                    return ::binder_http::__private_0_1::Err(
                        ::binder_http::__private_0_1::BindError::Fields(__errors),
                    );
                }
            };
            Search::check(&__bound, &mut __errors);
            if !__errors.is_empty() {
                return ::binder_http::__private_0_1::Err(
                    ::binder_http::__private_0_1::BindError::Fields(__errors),
                );
            }
            ::binder_http::__private_0_1::Ok(__bound)
        }
    }
};
