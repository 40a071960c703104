// The expansion of `#[derive(Bind)]` (binder_http) for the struct below,
// checked by derive/src/snapshot.rs; rewrite with BLESS=1.
//
// #[bind(accept = "json")]
// struct Transfer<'r> {
//     #[bind(body)]
//     to: &'r str,
//     #[bind(body)]
//     cents: u64,
//     #[bind(body)]
//     memo: Option<Cow<'r, str>>,
//     #[bind(body)]
//     payee: Address<'r>,
//     #[bind(body = "items")]
//     lines: Vec<Line<'r>>,
//     #[bind(raw_body)]
//     signed: &'r [u8],
// }

const _: () = {
    const _: () = ::core::assert!(
        ::binder_http::__private_0_1::key_fits("to"),
        "binder: this key is longer than a field's key may be (binder_core::__private_0_1::MAX_KEY bytes)"
    );
    const _: () = ::core::assert!(
        ::binder_http::__private_0_1::key_fits("cents"),
        "binder: this key is longer than a field's key may be (binder_core::__private_0_1::MAX_KEY bytes)"
    );
    const _: () = ::core::assert!(
        ::binder_http::__private_0_1::key_fits("memo"),
        "binder: this key is longer than a field's key may be (binder_core::__private_0_1::MAX_KEY bytes)"
    );
    const _: () = ::core::assert!(
        ::binder_http::__private_0_1::key_fits("payee"),
        "binder: this key is longer than a field's key may be (binder_core::__private_0_1::MAX_KEY bytes)"
    );
    const _: () = ::core::assert!(
        ::binder_http::__private_0_1::key_fits("items"),
        "binder: this key is longer than a field's key may be (binder_core::__private_0_1::MAX_KEY bytes)"
    );
    /// The pieces of a value of this struct sent by keys
    /// (`address[city]=..`): a struct of its own, so that a struct that
    /// holds itself (`Vec<Self>`, `Option<Box<Self>>`) names a type,
    /// not an endless tuple of its fields' slots.
    #[doc(hidden)]
    #[allow(non_camel_case_types)]
    pub struct __Partial<'r> {
        __seen: ::binder_http::__private_0_1::Bits<
            { ::binder_http::__private_0_1::words_for(6usize) },
        >,
        __slots: (
            <&'r str as ::binder_http::__private_0_1::Field<'r>>::Slot,
            <u64 as ::binder_http::__private_0_1::Field<'r>>::Slot,
            <Option<Cow<'r, str>> as ::binder_http::__private_0_1::Field<'r>>::Slot,
            <Address<'r> as ::binder_http::__private_0_1::Field<'r>>::Slot,
            <Vec<Line<'r>> as ::binder_http::__private_0_1::Field<'r>>::Slot,
        ),
        __lt: ::binder_http::__private_0_1::PhantomData<&'r ()>,
    }
    /// A nested struct binds from a JSON object, each bound field by
    /// its key (as from keys like `address[city]`); text where an
    /// object is due is refused.
    #[automatically_derived]
    impl<'r> ::binder_http::__private_0_1::Value<'r> for Transfer<'r> {
        const MEMBERS: bool = true;
        #[inline]
        fn from_raw(
            _: ::binder_http::__private_0_1::Raw<'r>,
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
        type Partial = __Partial<'r>;
        #[inline]
        fn partial() -> Self::Partial {
            __Partial {
                __seen: ::binder_http::__private_0_1::Bits::new(),
                __slots: (
                    <&'r str as ::binder_http::__private_0_1::Field<'r>>::slot(),
                    <u64 as ::binder_http::__private_0_1::Field<'r>>::slot(),
                    <Option<
                        Cow<'r, str>,
                    > as ::binder_http::__private_0_1::Field<'r>>::slot(),
                    <Address<'r> as ::binder_http::__private_0_1::Field<'r>>::slot(),
                    <Vec<Line<'r>> as ::binder_http::__private_0_1::Field<'r>>::slot(),
                ),
                __lt: ::binder_http::__private_0_1::PhantomData,
            }
        }
        #[allow(unused_mut, unused_variables, clippy::all, clippy::pedantic)]
        fn offer_member(
            __partial: &mut Self::Partial,
            __path: ::binder_http::__private_0_1::Ref<'r, '_, [u8]>,
            __raw: ::binder_http::__private_0_1::Raw<'r>,
            __cx: &mut ::binder_http::__private_0_1::FieldCx<'_, 'r>,
        ) -> bool {
            let ::binder_http::__private_0_1::Some((__seg, __rest)) = ::binder_http::__private_0_1::split_path(
                __path,
            ) else {
                return false;
            };
            let __Partial { __seen, __slots, .. } = __partial;
            match &*__seg {
                b"to" => {
                    let mut __at = __cx
                        .at(::binder_http::__private_0_1::Segment::Key("to"));
                    if __rest.is_empty() {
                        if __seen.insert(0usize)
                            || <&'r str as ::binder_http::__private_0_1::Field<
                                'r,
                            >>::REPEATS
                        {
                            ::binder_http::__private_0_1::offer_in::<
                                &'r str,
                            >(&mut __slots.0, __raw, &mut __at);
                        }
                        true
                    } else if <&'r str as ::binder_http::__private_0_1::Field<
                        'r,
                    >>::offer_path(&mut __slots.0, __rest, __raw, &mut __at) {
                        __seen.insert(0usize);
                        true
                    } else {
                        false
                    }
                }
                b"cents" => {
                    let mut __at = __cx
                        .at(::binder_http::__private_0_1::Segment::Key("cents"));
                    if __rest.is_empty() {
                        if __seen.insert(1usize)
                            || <u64 as ::binder_http::__private_0_1::Field<'r>>::REPEATS
                        {
                            ::binder_http::__private_0_1::offer_in::<
                                u64,
                            >(&mut __slots.1, __raw, &mut __at);
                        }
                        true
                    } else if <u64 as ::binder_http::__private_0_1::Field<
                        'r,
                    >>::offer_path(&mut __slots.1, __rest, __raw, &mut __at) {
                        __seen.insert(1usize);
                        true
                    } else {
                        false
                    }
                }
                b"memo" => {
                    let mut __at = __cx
                        .at(::binder_http::__private_0_1::Segment::Key("memo"));
                    if __rest.is_empty() {
                        if __seen.insert(2usize)
                            || <Option<
                                Cow<'r, str>,
                            > as ::binder_http::__private_0_1::Field<'r>>::REPEATS
                        {
                            ::binder_http::__private_0_1::offer_in::<
                                Option<Cow<'r, str>>,
                            >(&mut __slots.2, __raw, &mut __at);
                        }
                        true
                    } else if <Option<
                        Cow<'r, str>,
                    > as ::binder_http::__private_0_1::Field<
                        'r,
                    >>::offer_path(&mut __slots.2, __rest, __raw, &mut __at) {
                        __seen.insert(2usize);
                        true
                    } else {
                        false
                    }
                }
                b"payee" => {
                    let mut __at = __cx
                        .at(::binder_http::__private_0_1::Segment::Key("payee"));
                    if __rest.is_empty() {
                        if __seen.insert(3usize)
                            || <Address<
                                'r,
                            > as ::binder_http::__private_0_1::Field<'r>>::REPEATS
                        {
                            ::binder_http::__private_0_1::offer_in::<
                                Address<'r>,
                            >(&mut __slots.3, __raw, &mut __at);
                        }
                        true
                    } else if <Address<
                        'r,
                    > as ::binder_http::__private_0_1::Field<
                        'r,
                    >>::offer_path(&mut __slots.3, __rest, __raw, &mut __at) {
                        __seen.insert(3usize);
                        true
                    } else {
                        false
                    }
                }
                b"items" => {
                    let mut __at = __cx
                        .at(::binder_http::__private_0_1::Segment::Key("items"));
                    if __rest.is_empty() {
                        if __seen.insert(4usize)
                            || <Vec<
                                Line<'r>,
                            > as ::binder_http::__private_0_1::Field<'r>>::REPEATS
                        {
                            ::binder_http::__private_0_1::offer_in::<
                                Vec<Line<'r>>,
                            >(&mut __slots.4, __raw, &mut __at);
                        }
                        true
                    } else if <Vec<
                        Line<'r>,
                    > as ::binder_http::__private_0_1::Field<
                        'r,
                    >>::offer_path(&mut __slots.4, __rest, __raw, &mut __at) {
                        __seen.insert(4usize);
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
            __cx: &mut ::binder_http::__private_0_1::FieldCx<'_, 'r>,
        ) -> ::binder_http::__private_0_1::Option<Self> {
            let __Partial {
                __seen,
                __slots: (mut __s0, mut __s1, mut __s2, mut __s3, mut __s4),
                ..
            } = __partial;
            let __v0: ::binder_http::__private_0_1::Option<&'r str> = ::binder_http::__private_0_1::settle_in(
                <&'r str as ::binder_http::__private_0_1::Field<
                    'r,
                >>::finish(
                    __s0,
                    &mut __cx.at(::binder_http::__private_0_1::Segment::Key("to")),
                ),
                __seen.contains(0usize),
                ::binder_http::__private_0_1::None,
                __cx,
                "to",
            );
            let __v1: ::binder_http::__private_0_1::Option<u64> = ::binder_http::__private_0_1::settle_in(
                <u64 as ::binder_http::__private_0_1::Field<
                    'r,
                >>::finish(
                    __s1,
                    &mut __cx.at(::binder_http::__private_0_1::Segment::Key("cents")),
                ),
                __seen.contains(1usize),
                ::binder_http::__private_0_1::None,
                __cx,
                "cents",
            );
            let __v2: ::binder_http::__private_0_1::Option<Option<Cow<'r, str>>> = ::binder_http::__private_0_1::settle_in(
                <Option<
                    Cow<'r, str>,
                > as ::binder_http::__private_0_1::Field<
                    'r,
                >>::finish(
                    __s2,
                    &mut __cx.at(::binder_http::__private_0_1::Segment::Key("memo")),
                ),
                __seen.contains(2usize),
                ::binder_http::__private_0_1::None,
                __cx,
                "memo",
            );
            let __v3: ::binder_http::__private_0_1::Option<Address<'r>> = ::binder_http::__private_0_1::settle_in(
                <Address<
                    'r,
                > as ::binder_http::__private_0_1::Field<
                    'r,
                >>::finish(
                    __s3,
                    &mut __cx.at(::binder_http::__private_0_1::Segment::Key("payee")),
                ),
                __seen.contains(3usize),
                ::binder_http::__private_0_1::None,
                __cx,
                "payee",
            );
            let __v4: ::binder_http::__private_0_1::Option<Vec<Line<'r>>> = ::binder_http::__private_0_1::settle_in(
                <Vec<
                    Line<'r>,
                > as ::binder_http::__private_0_1::Field<
                    'r,
                >>::finish(
                    __s4,
                    &mut __cx.at(::binder_http::__private_0_1::Segment::Key("items")),
                ),
                __seen.contains(4usize),
                ::binder_http::__private_0_1::None,
                __cx,
                "items",
            );
            let __v5: ::binder_http::__private_0_1::Option<&'r [u8]> = ::binder_http::__private_0_1::None;
            match (__v0, __v1, __v2, __v3, __v4, __v5) {
                (
                    ::binder_http::__private_0_1::Some(__f0),
                    ::binder_http::__private_0_1::Some(__f1),
                    ::binder_http::__private_0_1::Some(__f2),
                    ::binder_http::__private_0_1::Some(__f3),
                    ::binder_http::__private_0_1::Some(__f4),
                    ::binder_http::__private_0_1::Some(__f5),
                ) => {
                    ::binder_http::__private_0_1::Some(Self {
                        to: __f0,
                        cents: __f1,
                        memo: __f2,
                        payee: __f3,
                        lines: __f4,
                        signed: __f5,
                    })
                }
                _ => ::binder_http::__private_0_1::None,
            }
        }
        #[allow(unused_mut, unused_variables, clippy::all, clippy::pedantic)]
        fn from_json(
            __r: &mut ::binder_http::__private_0_1::Reader<'r>,
            __cx: &mut ::binder_http::__private_0_1::FieldCx<'_, 'r>,
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
                { ::binder_http::__private_0_1::words_for(6usize) },
            >::new();
            let mut __s0 = <&'r str as ::binder_http::__private_0_1::Field<'r>>::slot();
            let mut __s1 = <u64 as ::binder_http::__private_0_1::Field<'r>>::slot();
            let mut __s2 = <Option<
                Cow<'r, str>,
            > as ::binder_http::__private_0_1::Field<'r>>::slot();
            let mut __s3 = <Address<
                'r,
            > as ::binder_http::__private_0_1::Field<'r>>::slot();
            let mut __s4 = <Vec<
                Line<'r>,
            > as ::binder_http::__private_0_1::Field<'r>>::slot();
            ::binder_http::__private_0_1::members::<
                5usize,
            >(
                __r,
                {
                    const __ORDER: &[::binder_http::__private_0_1::JsonExpect] = &[
                        ::binder_http::__private_0_1::json_expect("to", 0usize),
                        ::binder_http::__private_0_1::json_expect("cents", 1usize),
                        ::binder_http::__private_0_1::json_expect("memo", 2usize),
                        ::binder_http::__private_0_1::json_expect("payee", 3usize),
                        ::binder_http::__private_0_1::json_expect("items", 4usize),
                    ];
                    __ORDER
                },
                |__w: u64| -> usize {
                    const __W0: u64 = ::binder_http::__private_0_1::json_word("to");
                    const __W1: u64 = ::binder_http::__private_0_1::json_word("cents");
                    const __W2: u64 = ::binder_http::__private_0_1::json_word("memo");
                    const __W3: u64 = ::binder_http::__private_0_1::json_word("payee");
                    const __W4: u64 = ::binder_http::__private_0_1::json_word("items");
                    if __w == 0 {
                        return ::binder_http::__private_0_1::NO_FIELD;
                    }
                    match __w {
                        __W0 => 0usize,
                        __W1 => 1usize,
                        __W2 => 2usize,
                        __W3 => 3usize,
                        __W4 => 4usize,
                        _ => ::binder_http::__private_0_1::NO_FIELD,
                    }
                },
                |__k: &[u8]| -> usize {
                    match __k.len() {
                        2usize => {
                            if __k == b"to" {
                                return 0usize;
                            }
                        }
                        4usize => {
                            if __k == b"memo" {
                                return 2usize;
                            }
                        }
                        5usize => {
                            if __k == b"cents" {
                                return 1usize;
                            }
                            if __k == b"payee" {
                                return 3usize;
                            }
                            if __k == b"items" {
                                return 4usize;
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
                                &'r str,
                            >(
                                &mut __s0,
                                __first,
                                __r,
                                false,
                                &mut __cx
                                    .at(::binder_http::__private_0_1::Segment::Key("to")),
                            )?;
                        }
                        1usize => {
                            let __first = __seen.insert(1usize);
                            ::binder_http::__private_0_1::offer_json::<
                                u64,
                            >(
                                &mut __s1,
                                __first,
                                __r,
                                false,
                                &mut __cx
                                    .at(::binder_http::__private_0_1::Segment::Key("cents")),
                            )?;
                        }
                        2usize => {
                            let __first = __seen.insert(2usize);
                            ::binder_http::__private_0_1::offer_json::<
                                Option<Cow<'r, str>>,
                            >(
                                &mut __s2,
                                __first,
                                __r,
                                false,
                                &mut __cx
                                    .at(::binder_http::__private_0_1::Segment::Key("memo")),
                            )?;
                        }
                        3usize => {
                            let __first = __seen.insert(3usize);
                            ::binder_http::__private_0_1::offer_json::<
                                Address<'r>,
                            >(
                                &mut __s3,
                                __first,
                                __r,
                                false,
                                &mut __cx
                                    .at(::binder_http::__private_0_1::Segment::Key("payee")),
                            )?;
                        }
                        4usize => {
                            let __first = __seen.insert(4usize);
                            ::binder_http::__private_0_1::offer_json::<
                                Vec<Line<'r>>,
                            >(
                                &mut __s4,
                                __first,
                                __r,
                                false,
                                &mut __cx
                                    .at(::binder_http::__private_0_1::Segment::Key("items")),
                            )?;
                        }
                        _ => __r.skip_value()?,
                    }
                    ::binder_http::__private_0_1::Ok(())
                },
            )?;
            let __v0: ::binder_http::__private_0_1::Option<&'r str> = ::binder_http::__private_0_1::settle_in(
                <&'r str as ::binder_http::__private_0_1::Field<
                    'r,
                >>::finish(
                    __s0,
                    &mut __cx.at(::binder_http::__private_0_1::Segment::Key("to")),
                ),
                __seen.contains(0usize),
                ::binder_http::__private_0_1::None,
                __cx,
                "to",
            );
            let __v1: ::binder_http::__private_0_1::Option<u64> = ::binder_http::__private_0_1::settle_in(
                <u64 as ::binder_http::__private_0_1::Field<
                    'r,
                >>::finish(
                    __s1,
                    &mut __cx.at(::binder_http::__private_0_1::Segment::Key("cents")),
                ),
                __seen.contains(1usize),
                ::binder_http::__private_0_1::None,
                __cx,
                "cents",
            );
            let __v2: ::binder_http::__private_0_1::Option<Option<Cow<'r, str>>> = ::binder_http::__private_0_1::settle_in(
                <Option<
                    Cow<'r, str>,
                > as ::binder_http::__private_0_1::Field<
                    'r,
                >>::finish(
                    __s2,
                    &mut __cx.at(::binder_http::__private_0_1::Segment::Key("memo")),
                ),
                __seen.contains(2usize),
                ::binder_http::__private_0_1::None,
                __cx,
                "memo",
            );
            let __v3: ::binder_http::__private_0_1::Option<Address<'r>> = ::binder_http::__private_0_1::settle_in(
                <Address<
                    'r,
                > as ::binder_http::__private_0_1::Field<
                    'r,
                >>::finish(
                    __s3,
                    &mut __cx.at(::binder_http::__private_0_1::Segment::Key("payee")),
                ),
                __seen.contains(3usize),
                ::binder_http::__private_0_1::None,
                __cx,
                "payee",
            );
            let __v4: ::binder_http::__private_0_1::Option<Vec<Line<'r>>> = ::binder_http::__private_0_1::settle_in(
                <Vec<
                    Line<'r>,
                > as ::binder_http::__private_0_1::Field<
                    'r,
                >>::finish(
                    __s4,
                    &mut __cx.at(::binder_http::__private_0_1::Segment::Key("items")),
                ),
                __seen.contains(4usize),
                ::binder_http::__private_0_1::None,
                __cx,
                "items",
            );
            let __v5: ::binder_http::__private_0_1::Option<&'r [u8]> = ::binder_http::__private_0_1::None;
            ::binder_http::__private_0_1::Ok(
                match (__v0, __v1, __v2, __v3, __v4, __v5) {
                    (
                        ::binder_http::__private_0_1::Some(__f0),
                        ::binder_http::__private_0_1::Some(__f1),
                        ::binder_http::__private_0_1::Some(__f2),
                        ::binder_http::__private_0_1::Some(__f3),
                        ::binder_http::__private_0_1::Some(__f4),
                        ::binder_http::__private_0_1::Some(__f5),
                    ) => {
                        ::binder_http::__private_0_1::Some(Self {
                            to: __f0,
                            cents: __f1,
                            memo: __f2,
                            payee: __f3,
                            lines: __f4,
                            signed: __f5,
                        })
                    }
                    _ => ::binder_http::__private_0_1::None,
                },
            )
        }
    }
    #[automatically_derived]
    impl<'r> ::binder_http::__private_0_1::Bind<'r> for Transfer<'r> {
        #[allow(
            unused_mut,
            unused_variables,
            unreachable_patterns,
            clippy::all,
            clippy::pedantic
        )]
        fn bind_with<__R: ::binder_http::__private_0_1::Request<'r>>(
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
                { ::binder_http::__private_0_1::words_for(6usize) },
            >::new();
            let mut __s0 = <&'r str as ::binder_http::__private_0_1::Field<'r>>::slot();
            let mut __s1 = <u64 as ::binder_http::__private_0_1::Field<'r>>::slot();
            let mut __s2 = <Option<
                Cow<'r, str>,
            > as ::binder_http::__private_0_1::Field<'r>>::slot();
            let mut __s3 = <Address<
                'r,
            > as ::binder_http::__private_0_1::Field<'r>>::slot();
            let mut __s4 = <Vec<
                Line<'r>,
            > as ::binder_http::__private_0_1::Field<'r>>::slot();
            let __body = __req.body();
            match __body {
                ::binder_http::__private_0_1::Body::None => {}
                ::binder_http::__private_0_1::Body::Json(
                    _,
                ) if __limits
                    .formats
                    .contains(::binder_http::__private_0_1::Formats::JSON) => {}
                ::binder_http::__private_0_1::Body::UnsupportedCharset {
                    format: __format,
                    ..
                } if ::binder_http::__private_0_1::Formats::NONE
                    .union(::binder_http::__private_0_1::Formats::JSON)
                    .intersection(__limits.formats)
                    .contains(__format) => {
                    return ::binder_http::__private_0_1::Err(
                        ::binder_http::__private_0_1::BindError::UnsupportedCharset,
                    );
                }
                _ => {
                    return ::binder_http::__private_0_1::Err(
                        ::binder_http::__private_0_1::BindError::UnsupportedMediaType,
                    );
                }
            }
            match __body {
                ::binder_http::__private_0_1::Body::Json(
                    __bytes,
                ) if __limits
                    .formats
                    .contains(::binder_http::__private_0_1::Formats::JSON) => {
                    ::binder_http::__private_0_1::scan_json::<
                        5usize,
                    >(
                        __bytes,
                        __limits,
                        {
                            const __ORDER: &[::binder_http::__private_0_1::JsonExpect] = &[
                                ::binder_http::__private_0_1::json_expect("to", 0usize),
                                ::binder_http::__private_0_1::json_expect("cents", 1usize),
                                ::binder_http::__private_0_1::json_expect("memo", 2usize),
                                ::binder_http::__private_0_1::json_expect("payee", 3usize),
                                ::binder_http::__private_0_1::json_expect("items", 4usize),
                            ];
                            __ORDER
                        },
                        |__w: u64| -> usize {
                            const __W0: u64 = ::binder_http::__private_0_1::json_word(
                                "to",
                            );
                            const __W1: u64 = ::binder_http::__private_0_1::json_word(
                                "cents",
                            );
                            const __W2: u64 = ::binder_http::__private_0_1::json_word(
                                "memo",
                            );
                            const __W3: u64 = ::binder_http::__private_0_1::json_word(
                                "payee",
                            );
                            const __W4: u64 = ::binder_http::__private_0_1::json_word(
                                "items",
                            );
                            if __w == 0 {
                                return ::binder_http::__private_0_1::NO_FIELD;
                            }
                            match __w {
                                __W0 => 0usize,
                                __W1 => 1usize,
                                __W2 => 2usize,
                                __W3 => 3usize,
                                __W4 => 4usize,
                                _ => ::binder_http::__private_0_1::NO_FIELD,
                            }
                        },
                        |__k: &[u8]| -> usize {
                            match __k.len() {
                                2usize => {
                                    if __k == b"to" {
                                        return 0usize;
                                    }
                                }
                                4usize => {
                                    if __k == b"memo" {
                                        return 2usize;
                                    }
                                }
                                5usize => {
                                    if __k == b"cents" {
                                        return 1usize;
                                    }
                                    if __k == b"payee" {
                                        return 3usize;
                                    }
                                    if __k == b"items" {
                                        return 4usize;
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
                                        &'r str,
                                    >(
                                        &mut __s0,
                                        __first,
                                        __r,
                                        false,
                                        &mut ::binder_http::__private_0_1::FieldCx::new(
                                            &mut __errors,
                                            0usize,
                                            "to",
                                        ),
                                    )?;
                                }
                                1usize => {
                                    let __first = __seen.insert(1usize);
                                    ::binder_http::__private_0_1::offer_json::<
                                        u64,
                                    >(
                                        &mut __s1,
                                        __first,
                                        __r,
                                        false,
                                        &mut ::binder_http::__private_0_1::FieldCx::new(
                                            &mut __errors,
                                            1usize,
                                            "cents",
                                        ),
                                    )?;
                                }
                                2usize => {
                                    let __first = __seen.insert(2usize);
                                    ::binder_http::__private_0_1::offer_json::<
                                        Option<Cow<'r, str>>,
                                    >(
                                        &mut __s2,
                                        __first,
                                        __r,
                                        false,
                                        &mut ::binder_http::__private_0_1::FieldCx::new(
                                            &mut __errors,
                                            2usize,
                                            "memo",
                                        ),
                                    )?;
                                }
                                3usize => {
                                    let __first = __seen.insert(3usize);
                                    ::binder_http::__private_0_1::offer_json::<
                                        Address<'r>,
                                    >(
                                        &mut __s3,
                                        __first,
                                        __r,
                                        false,
                                        &mut ::binder_http::__private_0_1::FieldCx::new(
                                            &mut __errors,
                                            3usize,
                                            "payee",
                                        ),
                                    )?;
                                }
                                4usize => {
                                    let __first = __seen.insert(4usize);
                                    ::binder_http::__private_0_1::offer_json::<
                                        Vec<Line<'r>>,
                                    >(
                                        &mut __s4,
                                        __first,
                                        __r,
                                        false,
                                        &mut ::binder_http::__private_0_1::FieldCx::new(
                                            &mut __errors,
                                            4usize,
                                            "items",
                                        ),
                                    )?;
                                }
                                _ => __r.skip_value()?,
                            }
                            ::binder_http::__private_0_1::Ok(())
                        },
                    )?;
                }
                _ => {}
            }
            let __v0: ::binder_http::__private_0_1::Option<&'r str> = ::binder_http::__private_0_1::settle(
                <&'r str as ::binder_http::__private_0_1::Field<
                    'r,
                >>::finish(
                    __s0,
                    &mut ::binder_http::__private_0_1::FieldCx::with_source(
                        &mut __errors,
                        0usize,
                        "to",
                        ::binder_http::__private_0_1::Source::Body,
                    ),
                ),
                __seen.contains(0usize),
                ::binder_http::__private_0_1::None,
                &mut __errors,
                0usize,
                ::binder_http::__private_0_1::Source::Body,
                "to",
            );
            let __v1: ::binder_http::__private_0_1::Option<u64> = ::binder_http::__private_0_1::settle(
                <u64 as ::binder_http::__private_0_1::Field<
                    'r,
                >>::finish(
                    __s1,
                    &mut ::binder_http::__private_0_1::FieldCx::with_source(
                        &mut __errors,
                        1usize,
                        "cents",
                        ::binder_http::__private_0_1::Source::Body,
                    ),
                ),
                __seen.contains(1usize),
                ::binder_http::__private_0_1::None,
                &mut __errors,
                1usize,
                ::binder_http::__private_0_1::Source::Body,
                "cents",
            );
            let __v2: ::binder_http::__private_0_1::Option<Option<Cow<'r, str>>> = ::binder_http::__private_0_1::settle(
                <Option<
                    Cow<'r, str>,
                > as ::binder_http::__private_0_1::Field<
                    'r,
                >>::finish(
                    __s2,
                    &mut ::binder_http::__private_0_1::FieldCx::with_source(
                        &mut __errors,
                        2usize,
                        "memo",
                        ::binder_http::__private_0_1::Source::Body,
                    ),
                ),
                __seen.contains(2usize),
                ::binder_http::__private_0_1::None,
                &mut __errors,
                2usize,
                ::binder_http::__private_0_1::Source::Body,
                "memo",
            );
            let __v3: ::binder_http::__private_0_1::Option<Address<'r>> = ::binder_http::__private_0_1::settle(
                <Address<
                    'r,
                > as ::binder_http::__private_0_1::Field<
                    'r,
                >>::finish(
                    __s3,
                    &mut ::binder_http::__private_0_1::FieldCx::with_source(
                        &mut __errors,
                        3usize,
                        "payee",
                        ::binder_http::__private_0_1::Source::Body,
                    ),
                ),
                __seen.contains(3usize),
                ::binder_http::__private_0_1::None,
                &mut __errors,
                3usize,
                ::binder_http::__private_0_1::Source::Body,
                "payee",
            );
            let __v4: ::binder_http::__private_0_1::Option<Vec<Line<'r>>> = ::binder_http::__private_0_1::settle(
                <Vec<
                    Line<'r>,
                > as ::binder_http::__private_0_1::Field<
                    'r,
                >>::finish(
                    __s4,
                    &mut ::binder_http::__private_0_1::FieldCx::with_source(
                        &mut __errors,
                        4usize,
                        "items",
                        ::binder_http::__private_0_1::Source::Body,
                    ),
                ),
                __seen.contains(4usize),
                ::binder_http::__private_0_1::None,
                &mut __errors,
                4usize,
                ::binder_http::__private_0_1::Source::Body,
                "items",
            );
            let __v5: ::binder_http::__private_0_1::Option<&'r [u8]> = ::binder_http::__private_0_1::raw_body::<
                &'r [u8],
            >(__req.raw_body(), &mut __errors, 5usize, "signed");
            if !__errors.is_empty() {
                __errors.sort_by_field();
                return ::binder_http::__private_0_1::Err(
                    ::binder_http::__private_0_1::BindError::Fields(__errors),
                );
            }
            let __bound = match (__v0, __v1, __v2, __v3, __v4, __v5) {
                (
                    ::binder_http::__private_0_1::Some(__f0),
                    ::binder_http::__private_0_1::Some(__f1),
                    ::binder_http::__private_0_1::Some(__f2),
                    ::binder_http::__private_0_1::Some(__f3),
                    ::binder_http::__private_0_1::Some(__f4),
                    ::binder_http::__private_0_1::Some(__f5),
                ) => {
                    Self {
                        to: __f0,
                        cents: __f1,
                        memo: __f2,
                        payee: __f3,
                        lines: __f4,
                        signed: __f5,
                    }
                }
                _ => {
                    return ::binder_http::__private_0_1::Err(
                        ::binder_http::__private_0_1::BindError::Fields(__errors),
                    );
                }
            };
            ::binder_http::__private_0_1::Ok(__bound)
        }
    }
};
