// The expansion of `#[derive(Bind)]` (binder_http) for the struct below,
// checked by derive/src/snapshot.rs; rewrite with BLESS=1.
//
// #[bind(body, accept = "form, multipart")]
// struct Upload<'r> {
//     title: &'r str,
//     tags: Vec<&'r str>,
//     avatar: FilePart<'r>,
//     #[bind(body = "attachment")]
//     attachments: Vec<FilePart<'r>>,
//     #[bind(default)]
//     notify: bool,
// }

const _: () = {
    const _: () = ::core::assert!(
        ::binder_http::__private_0_1::key_fits("title"),
        "binder: this key is longer than a field's key may be (binder_core::__private_0_1::MAX_KEY bytes)"
    );
    const _: () = ::core::assert!(
        ::binder_http::__private_0_1::key_fits("tags"),
        "binder: this key is longer than a field's key may be (binder_core::__private_0_1::MAX_KEY bytes)"
    );
    const _: () = ::core::assert!(
        ::binder_http::__private_0_1::key_fits("avatar"),
        "binder: this key is longer than a field's key may be (binder_core::__private_0_1::MAX_KEY bytes)"
    );
    const _: () = ::core::assert!(
        ::binder_http::__private_0_1::key_fits("attachment"),
        "binder: this key is longer than a field's key may be (binder_core::__private_0_1::MAX_KEY bytes)"
    );
    const _: () = ::core::assert!(
        ::binder_http::__private_0_1::key_fits("notify"),
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
            { ::binder_http::__private_0_1::words_for(5usize) },
        >,
        __slots: (
            <&'r str as ::binder_http::__private_0_1::Field<'r>>::Slot,
            <Vec<&'r str> as ::binder_http::__private_0_1::Field<'r>>::Slot,
            <FilePart<'r> as ::binder_http::__private_0_1::Field<'r>>::Slot,
            <Vec<FilePart<'r>> as ::binder_http::__private_0_1::Field<'r>>::Slot,
            <bool as ::binder_http::__private_0_1::Field<'r>>::Slot,
        ),
        __lt: ::binder_http::__private_0_1::PhantomData<&'r ()>,
    }
    /// A nested struct binds from a JSON object, each bound field by
    /// its key (as from keys like `address[city]`); text where an
    /// object is due is refused.
    #[automatically_derived]
    impl<'r> ::binder_http::__private_0_1::Value<'r> for Upload<'r> {
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
                    <Vec<&'r str> as ::binder_http::__private_0_1::Field<'r>>::slot(),
                    <FilePart<'r> as ::binder_http::__private_0_1::Field<'r>>::slot(),
                    <Vec<
                        FilePart<'r>,
                    > as ::binder_http::__private_0_1::Field<'r>>::slot(),
                    <bool as ::binder_http::__private_0_1::Field<'r>>::slot(),
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
                b"title" => {
                    let mut __at = __cx
                        .at(::binder_http::__private_0_1::Segment::Key("title"));
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
                b"tags" => {
                    let mut __at = __cx
                        .at(::binder_http::__private_0_1::Segment::Key("tags"));
                    if __rest.is_empty() {
                        if __seen.insert(1usize)
                            || <Vec<
                                &'r str,
                            > as ::binder_http::__private_0_1::Field<'r>>::REPEATS
                        {
                            ::binder_http::__private_0_1::offer_in::<
                                Vec<&'r str>,
                            >(&mut __slots.1, __raw, &mut __at);
                        }
                        true
                    } else if <Vec<
                        &'r str,
                    > as ::binder_http::__private_0_1::Field<
                        'r,
                    >>::offer_path(&mut __slots.1, __rest, __raw, &mut __at) {
                        __seen.insert(1usize);
                        true
                    } else {
                        false
                    }
                }
                b"avatar" => {
                    let mut __at = __cx
                        .at(::binder_http::__private_0_1::Segment::Key("avatar"));
                    if __rest.is_empty() {
                        if __seen.insert(2usize)
                            || <FilePart<
                                'r,
                            > as ::binder_http::__private_0_1::Field<'r>>::REPEATS
                        {
                            ::binder_http::__private_0_1::offer_in::<
                                FilePart<'r>,
                            >(&mut __slots.2, __raw, &mut __at);
                        }
                        true
                    } else if <FilePart<
                        'r,
                    > as ::binder_http::__private_0_1::Field<
                        'r,
                    >>::offer_path(&mut __slots.2, __rest, __raw, &mut __at) {
                        __seen.insert(2usize);
                        true
                    } else {
                        false
                    }
                }
                b"attachment" => {
                    let mut __at = __cx
                        .at(::binder_http::__private_0_1::Segment::Key("attachment"));
                    if __rest.is_empty() {
                        if __seen.insert(3usize)
                            || <Vec<
                                FilePart<'r>,
                            > as ::binder_http::__private_0_1::Field<'r>>::REPEATS
                        {
                            ::binder_http::__private_0_1::offer_in::<
                                Vec<FilePart<'r>>,
                            >(&mut __slots.3, __raw, &mut __at);
                        }
                        true
                    } else if <Vec<
                        FilePart<'r>,
                    > as ::binder_http::__private_0_1::Field<
                        'r,
                    >>::offer_path(&mut __slots.3, __rest, __raw, &mut __at) {
                        __seen.insert(3usize);
                        true
                    } else {
                        false
                    }
                }
                b"notify" => {
                    let mut __at = __cx
                        .at(::binder_http::__private_0_1::Segment::Key("notify"));
                    if __rest.is_empty() {
                        if __seen.insert(4usize)
                            || <bool as ::binder_http::__private_0_1::Field<'r>>::REPEATS
                        {
                            ::binder_http::__private_0_1::offer_in::<
                                bool,
                            >(&mut __slots.4, __raw, &mut __at);
                        }
                        true
                    } else if <bool as ::binder_http::__private_0_1::Field<
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
                    &mut __cx.at(::binder_http::__private_0_1::Segment::Key("title")),
                ),
                __seen.contains(0usize),
                ::binder_http::__private_0_1::None,
                __cx,
                "title",
            );
            let __v1: ::binder_http::__private_0_1::Option<Vec<&'r str>> = ::binder_http::__private_0_1::settle_in(
                <Vec<
                    &'r str,
                > as ::binder_http::__private_0_1::Field<
                    'r,
                >>::finish(
                    __s1,
                    &mut __cx.at(::binder_http::__private_0_1::Segment::Key("tags")),
                ),
                __seen.contains(1usize),
                ::binder_http::__private_0_1::None,
                __cx,
                "tags",
            );
            let __v2: ::binder_http::__private_0_1::Option<FilePart<'r>> = ::binder_http::__private_0_1::settle_in(
                <FilePart<
                    'r,
                > as ::binder_http::__private_0_1::Field<
                    'r,
                >>::finish(
                    __s2,
                    &mut __cx.at(::binder_http::__private_0_1::Segment::Key("avatar")),
                ),
                __seen.contains(2usize),
                ::binder_http::__private_0_1::None,
                __cx,
                "avatar",
            );
            let __v3: ::binder_http::__private_0_1::Option<Vec<FilePart<'r>>> = ::binder_http::__private_0_1::settle_in(
                <Vec<
                    FilePart<'r>,
                > as ::binder_http::__private_0_1::Field<
                    'r,
                >>::finish(
                    __s3,
                    &mut __cx
                        .at(::binder_http::__private_0_1::Segment::Key("attachment")),
                ),
                __seen.contains(3usize),
                ::binder_http::__private_0_1::None,
                __cx,
                "attachment",
            );
            let __v4: ::binder_http::__private_0_1::Option<bool> = ::binder_http::__private_0_1::settle_in(
                <bool as ::binder_http::__private_0_1::Field<
                    'r,
                >>::finish(
                    __s4,
                    &mut __cx.at(::binder_http::__private_0_1::Segment::Key("notify")),
                ),
                __seen.contains(4usize),
                ::binder_http::__private_0_1::Some(
                    <bool as ::binder_http::__private_0_1::Default>::default,
                ),
                __cx,
                "notify",
            );
            match (__v0, __v1, __v2, __v3, __v4) {
                (
                    ::binder_http::__private_0_1::Some(__f0),
                    ::binder_http::__private_0_1::Some(__f1),
                    ::binder_http::__private_0_1::Some(__f2),
                    ::binder_http::__private_0_1::Some(__f3),
                    ::binder_http::__private_0_1::Some(__f4),
                ) => {
                    ::binder_http::__private_0_1::Some(Self {
                        title: __f0,
                        tags: __f1,
                        avatar: __f2,
                        attachments: __f3,
                        notify: __f4,
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
                { ::binder_http::__private_0_1::words_for(5usize) },
            >::new();
            let mut __s0 = <&'r str as ::binder_http::__private_0_1::Field<'r>>::slot();
            let mut __s1 = <Vec<
                &'r str,
            > as ::binder_http::__private_0_1::Field<'r>>::slot();
            let mut __s2 = <FilePart<
                'r,
            > as ::binder_http::__private_0_1::Field<'r>>::slot();
            let mut __s3 = <Vec<
                FilePart<'r>,
            > as ::binder_http::__private_0_1::Field<'r>>::slot();
            let mut __s4 = <bool as ::binder_http::__private_0_1::Field<'r>>::slot();
            ::binder_http::__private_0_1::members::<
                10usize,
            >(
                __r,
                {
                    const __ORDER: &[::binder_http::__private_0_1::JsonExpect] = &[
                        ::binder_http::__private_0_1::json_expect("title", 0usize),
                        ::binder_http::__private_0_1::json_expect("tags", 1usize),
                        ::binder_http::__private_0_1::json_expect("avatar", 2usize),
                        ::binder_http::__private_0_1::json_expect("attachment", 3usize),
                        ::binder_http::__private_0_1::json_expect("notify", 4usize),
                    ];
                    __ORDER
                },
                |__w: u64| -> usize {
                    const __W0: u64 = ::binder_http::__private_0_1::json_word("title");
                    const __W1: u64 = ::binder_http::__private_0_1::json_word("tags");
                    const __W2: u64 = ::binder_http::__private_0_1::json_word("avatar");
                    const __W3: u64 = ::binder_http::__private_0_1::json_word(
                        "attachment",
                    );
                    const __W4: u64 = ::binder_http::__private_0_1::json_word("notify");
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
                        4usize => {
                            if __k == b"tags" {
                                return 1usize;
                            }
                        }
                        5usize => {
                            if __k == b"title" {
                                return 0usize;
                            }
                        }
                        6usize => {
                            if __k == b"avatar" {
                                return 2usize;
                            }
                            if __k == b"notify" {
                                return 4usize;
                            }
                        }
                        10usize => {
                            if __k == b"attachment" {
                                return 3usize;
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
                                    .at(::binder_http::__private_0_1::Segment::Key("title")),
                            )?;
                        }
                        1usize => {
                            let __first = __seen.insert(1usize);
                            ::binder_http::__private_0_1::offer_json::<
                                Vec<&'r str>,
                            >(
                                &mut __s1,
                                __first,
                                __r,
                                false,
                                &mut __cx
                                    .at(::binder_http::__private_0_1::Segment::Key("tags")),
                            )?;
                        }
                        2usize => {
                            let __first = __seen.insert(2usize);
                            ::binder_http::__private_0_1::offer_json::<
                                FilePart<'r>,
                            >(
                                &mut __s2,
                                __first,
                                __r,
                                false,
                                &mut __cx
                                    .at(::binder_http::__private_0_1::Segment::Key("avatar")),
                            )?;
                        }
                        3usize => {
                            let __first = __seen.insert(3usize);
                            ::binder_http::__private_0_1::offer_json::<
                                Vec<FilePart<'r>>,
                            >(
                                &mut __s3,
                                __first,
                                __r,
                                false,
                                &mut __cx
                                    .at(
                                        ::binder_http::__private_0_1::Segment::Key("attachment"),
                                    ),
                            )?;
                        }
                        4usize => {
                            let __first = __seen.insert(4usize);
                            ::binder_http::__private_0_1::offer_json::<
                                bool,
                            >(
                                &mut __s4,
                                __first,
                                __r,
                                false,
                                &mut __cx
                                    .at(::binder_http::__private_0_1::Segment::Key("notify")),
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
                    &mut __cx.at(::binder_http::__private_0_1::Segment::Key("title")),
                ),
                __seen.contains(0usize),
                ::binder_http::__private_0_1::None,
                __cx,
                "title",
            );
            let __v1: ::binder_http::__private_0_1::Option<Vec<&'r str>> = ::binder_http::__private_0_1::settle_in(
                <Vec<
                    &'r str,
                > as ::binder_http::__private_0_1::Field<
                    'r,
                >>::finish(
                    __s1,
                    &mut __cx.at(::binder_http::__private_0_1::Segment::Key("tags")),
                ),
                __seen.contains(1usize),
                ::binder_http::__private_0_1::None,
                __cx,
                "tags",
            );
            let __v2: ::binder_http::__private_0_1::Option<FilePart<'r>> = ::binder_http::__private_0_1::settle_in(
                <FilePart<
                    'r,
                > as ::binder_http::__private_0_1::Field<
                    'r,
                >>::finish(
                    __s2,
                    &mut __cx.at(::binder_http::__private_0_1::Segment::Key("avatar")),
                ),
                __seen.contains(2usize),
                ::binder_http::__private_0_1::None,
                __cx,
                "avatar",
            );
            let __v3: ::binder_http::__private_0_1::Option<Vec<FilePart<'r>>> = ::binder_http::__private_0_1::settle_in(
                <Vec<
                    FilePart<'r>,
                > as ::binder_http::__private_0_1::Field<
                    'r,
                >>::finish(
                    __s3,
                    &mut __cx
                        .at(::binder_http::__private_0_1::Segment::Key("attachment")),
                ),
                __seen.contains(3usize),
                ::binder_http::__private_0_1::None,
                __cx,
                "attachment",
            );
            let __v4: ::binder_http::__private_0_1::Option<bool> = ::binder_http::__private_0_1::settle_in(
                <bool as ::binder_http::__private_0_1::Field<
                    'r,
                >>::finish(
                    __s4,
                    &mut __cx.at(::binder_http::__private_0_1::Segment::Key("notify")),
                ),
                __seen.contains(4usize),
                ::binder_http::__private_0_1::Some(
                    <bool as ::binder_http::__private_0_1::Default>::default,
                ),
                __cx,
                "notify",
            );
            ::binder_http::__private_0_1::Ok(
                match (__v0, __v1, __v2, __v3, __v4) {
                    (
                        ::binder_http::__private_0_1::Some(__f0),
                        ::binder_http::__private_0_1::Some(__f1),
                        ::binder_http::__private_0_1::Some(__f2),
                        ::binder_http::__private_0_1::Some(__f3),
                        ::binder_http::__private_0_1::Some(__f4),
                    ) => {
                        ::binder_http::__private_0_1::Some(Self {
                            title: __f0,
                            tags: __f1,
                            avatar: __f2,
                            attachments: __f3,
                            notify: __f4,
                        })
                    }
                    _ => ::binder_http::__private_0_1::None,
                },
            )
        }
    }
    #[automatically_derived]
    impl<'r> ::binder_http::__private_0_1::Bind<'r> for Upload<'r> {
        const FORM_KEYS: ::binder_http::__private_0_1::Option<&'static [&'static str]> = ::binder_http::__private_0_1::Some(
            &["title", "tags", "avatar", "attachment", "notify"],
        );
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
                { ::binder_http::__private_0_1::words_for(5usize) },
            >::new();
            let mut __s0 = <&'r str as ::binder_http::__private_0_1::Field<'r>>::slot();
            let mut __s1 = <Vec<
                &'r str,
            > as ::binder_http::__private_0_1::Field<'r>>::slot();
            let mut __s2 = <FilePart<
                'r,
            > as ::binder_http::__private_0_1::Field<'r>>::slot();
            let mut __s3 = <Vec<
                FilePart<'r>,
            > as ::binder_http::__private_0_1::Field<'r>>::slot();
            let mut __s4 = <bool as ::binder_http::__private_0_1::Field<'r>>::slot();
            let __body = __req.body();
            match __body {
                ::binder_http::__private_0_1::Body::None => {}
                ::binder_http::__private_0_1::Body::Form(
                    _,
                ) if __limits
                    .formats
                    .contains(::binder_http::__private_0_1::Formats::FORM) => {}
                ::binder_http::__private_0_1::Body::Multipart {
                    ..
                } if __limits
                    .formats
                    .contains(::binder_http::__private_0_1::Formats::MULTIPART) => {}
                ::binder_http::__private_0_1::Body::Invalid(
                    __e,
                ) if __limits
                    .formats
                    .contains(::binder_http::__private_0_1::Formats::MULTIPART) => {
                    return ::binder_http::__private_0_1::Err(::binder_http::__private_0_1::BindError::Malformed {
                        source: ::binder_http::__private_0_1::Source::Body,
                        error: __e,
                    });
                }
                ::binder_http::__private_0_1::Body::UnsupportedCharset {
                    format: __format,
                    ..
                } if ::binder_http::__private_0_1::Formats::NONE
                    .union(::binder_http::__private_0_1::Formats::FORM)
                    .union(::binder_http::__private_0_1::Formats::MULTIPART)
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
                ::binder_http::__private_0_1::Body::Form(
                    __bytes,
                ) if __limits
                    .formats
                    .contains(::binder_http::__private_0_1::Formats::FORM) => {
                    let (__stop, __all) = (
                        !(false
                            || <&'r str as ::binder_http::__private_0_1::Field<
                                'r,
                            >>::REPEATS
                            || <Vec<
                                &'r str,
                            > as ::binder_http::__private_0_1::Field<'r>>::REPEATS
                            || <FilePart<
                                'r,
                            > as ::binder_http::__private_0_1::Field<'r>>::REPEATS
                            || <Vec<
                                FilePart<'r>,
                            > as ::binder_http::__private_0_1::Field<'r>>::REPEATS
                            || <bool as ::binder_http::__private_0_1::Field<
                                'r,
                            >>::REPEATS),
                        {
                            let mut __all = ::binder_http::__private_0_1::Bits::<
                                { ::binder_http::__private_0_1::words_for(5usize) },
                            >::new();
                            __all.insert(0usize);
                            __all.insert(1usize);
                            __all.insert(2usize);
                            __all.insert(3usize);
                            __all.insert(4usize);
                            __all
                        },
                    );
                    let mut __c = ::binder_http::__private_0_1::Cursor::new(
                        __bytes,
                        __limits,
                    );
                    let __malformed = |__e| ::binder_http::__private_0_1::BindError::Malformed {
                        source: ::binder_http::__private_0_1::Source::Body,
                        error: __e,
                    };
                    while let ::binder_http::__private_0_1::Some(__b) = __c
                        .next()
                        .map_err(__malformed)?
                    {
                        match __b {
                            116u8 if __c.starts_with(b"title=") => {
                                let __raw = __c.value(6usize);
                                if __seen.insert(0usize)
                                    || <&'r str as ::binder_http::__private_0_1::Field<
                                        'r,
                                    >>::REPEATS
                                {
                                    ::binder_http::__private_0_1::offer::<
                                        &'r str,
                                    >(
                                        &mut __s0,
                                        __raw,
                                        false,
                                        &mut __errors,
                                        0usize,
                                        ::binder_http::__private_0_1::Source::Body,
                                        "title",
                                    );
                                }
                            }
                            116u8 if __c.starts_with(b"tags=") => {
                                let __raw = __c.value(5usize);
                                if __seen.insert(1usize)
                                    || <Vec<
                                        &'r str,
                                    > as ::binder_http::__private_0_1::Field<'r>>::REPEATS
                                {
                                    ::binder_http::__private_0_1::offer::<
                                        Vec<&'r str>,
                                    >(
                                        &mut __s1,
                                        __raw,
                                        false,
                                        &mut __errors,
                                        1usize,
                                        ::binder_http::__private_0_1::Source::Body,
                                        "tags",
                                    );
                                }
                            }
                            97u8 if __c.starts_with(b"avatar=") => {
                                let __raw = __c.value(7usize);
                                if __seen.insert(2usize)
                                    || <FilePart<
                                        'r,
                                    > as ::binder_http::__private_0_1::Field<'r>>::REPEATS
                                {
                                    ::binder_http::__private_0_1::offer::<
                                        FilePart<'r>,
                                    >(
                                        &mut __s2,
                                        __raw,
                                        false,
                                        &mut __errors,
                                        2usize,
                                        ::binder_http::__private_0_1::Source::Body,
                                        "avatar",
                                    );
                                }
                            }
                            97u8 if __c.starts_with(b"attachment=") => {
                                let __raw = __c.value(11usize);
                                if __seen.insert(3usize)
                                    || <Vec<
                                        FilePart<'r>,
                                    > as ::binder_http::__private_0_1::Field<'r>>::REPEATS
                                {
                                    ::binder_http::__private_0_1::offer::<
                                        Vec<FilePart<'r>>,
                                    >(
                                        &mut __s3,
                                        __raw,
                                        false,
                                        &mut __errors,
                                        3usize,
                                        ::binder_http::__private_0_1::Source::Body,
                                        "attachment",
                                    );
                                }
                            }
                            110u8 if __c.starts_with(b"notify=") => {
                                let __raw = __c.value(7usize);
                                if __seen.insert(4usize)
                                    || <bool as ::binder_http::__private_0_1::Field<
                                        'r,
                                    >>::REPEATS
                                {
                                    ::binder_http::__private_0_1::offer::<
                                        bool,
                                    >(
                                        &mut __s4,
                                        __raw,
                                        false,
                                        &mut __errors,
                                        4usize,
                                        ::binder_http::__private_0_1::Source::Body,
                                        "notify",
                                    );
                                }
                            }
                            37u8 | 43u8 | 97u8 | 110u8 | 116u8 => {
                                let __pair = __c.pair_raw().map_err(__malformed)?;
                                ::binder_http::__private_0_1::with_key(
                                    __pair,
                                    |__key, __raw| {
                                        match &*__key {
                                            b"title" => {
                                                if __seen.insert(0usize)
                                                    || <&'r str as ::binder_http::__private_0_1::Field<
                                                        'r,
                                                    >>::REPEATS
                                                {
                                                    ::binder_http::__private_0_1::offer_shared::<
                                                        &'r str,
                                                    >(
                                                        &mut __s0,
                                                        __raw,
                                                        false,
                                                        &mut __errors,
                                                        0usize,
                                                        ::binder_http::__private_0_1::Source::Body,
                                                        "title",
                                                    );
                                                }
                                            }
                                            b"tags" => {
                                                if __seen.insert(1usize)
                                                    || <Vec<
                                                        &'r str,
                                                    > as ::binder_http::__private_0_1::Field<'r>>::REPEATS
                                                {
                                                    ::binder_http::__private_0_1::offer_shared::<
                                                        Vec<&'r str>,
                                                    >(
                                                        &mut __s1,
                                                        __raw,
                                                        false,
                                                        &mut __errors,
                                                        1usize,
                                                        ::binder_http::__private_0_1::Source::Body,
                                                        "tags",
                                                    );
                                                }
                                            }
                                            b"avatar" => {
                                                if __seen.insert(2usize)
                                                    || <FilePart<
                                                        'r,
                                                    > as ::binder_http::__private_0_1::Field<'r>>::REPEATS
                                                {
                                                    ::binder_http::__private_0_1::offer_shared::<
                                                        FilePart<'r>,
                                                    >(
                                                        &mut __s2,
                                                        __raw,
                                                        false,
                                                        &mut __errors,
                                                        2usize,
                                                        ::binder_http::__private_0_1::Source::Body,
                                                        "avatar",
                                                    );
                                                }
                                            }
                                            b"attachment" => {
                                                if __seen.insert(3usize)
                                                    || <Vec<
                                                        FilePart<'r>,
                                                    > as ::binder_http::__private_0_1::Field<'r>>::REPEATS
                                                {
                                                    ::binder_http::__private_0_1::offer_shared::<
                                                        Vec<FilePart<'r>>,
                                                    >(
                                                        &mut __s3,
                                                        __raw,
                                                        false,
                                                        &mut __errors,
                                                        3usize,
                                                        ::binder_http::__private_0_1::Source::Body,
                                                        "attachment",
                                                    );
                                                }
                                            }
                                            b"notify" => {
                                                if __seen.insert(4usize)
                                                    || <bool as ::binder_http::__private_0_1::Field<
                                                        'r,
                                                    >>::REPEATS
                                                {
                                                    ::binder_http::__private_0_1::offer_shared::<
                                                        bool,
                                                    >(
                                                        &mut __s4,
                                                        __raw,
                                                        false,
                                                        &mut __errors,
                                                        4usize,
                                                        ::binder_http::__private_0_1::Source::Body,
                                                        "notify",
                                                    );
                                                }
                                            }
                                            _ => {
                                                if let ::binder_http::__private_0_1::Some(__at) = ::binder_http::__private_0_1::path_start(
                                                    &__key,
                                                ) {
                                                    match &__key[..__at] {
                                                        b"title" => {
                                                            if ::binder_http::__private_0_1::offer_path::<
                                                                &'r str,
                                                            >(
                                                                &mut __s0,
                                                                __key,
                                                                __at,
                                                                __raw,
                                                                &mut __errors,
                                                                0usize,
                                                                ::binder_http::__private_0_1::Source::Body,
                                                                "title",
                                                            ) {
                                                                __seen.insert(0usize);
                                                            }
                                                        }
                                                        b"tags" => {
                                                            if ::binder_http::__private_0_1::offer_path::<
                                                                Vec<&'r str>,
                                                            >(
                                                                &mut __s1,
                                                                __key,
                                                                __at,
                                                                __raw,
                                                                &mut __errors,
                                                                1usize,
                                                                ::binder_http::__private_0_1::Source::Body,
                                                                "tags",
                                                            ) {
                                                                __seen.insert(1usize);
                                                            }
                                                        }
                                                        b"avatar" => {
                                                            if ::binder_http::__private_0_1::offer_path::<
                                                                FilePart<'r>,
                                                            >(
                                                                &mut __s2,
                                                                __key,
                                                                __at,
                                                                __raw,
                                                                &mut __errors,
                                                                2usize,
                                                                ::binder_http::__private_0_1::Source::Body,
                                                                "avatar",
                                                            ) {
                                                                __seen.insert(2usize);
                                                            }
                                                        }
                                                        b"attachment" => {
                                                            if ::binder_http::__private_0_1::offer_path::<
                                                                Vec<FilePart<'r>>,
                                                            >(
                                                                &mut __s3,
                                                                __key,
                                                                __at,
                                                                __raw,
                                                                &mut __errors,
                                                                3usize,
                                                                ::binder_http::__private_0_1::Source::Body,
                                                                "attachment",
                                                            ) {
                                                                __seen.insert(3usize);
                                                            }
                                                        }
                                                        b"notify" => {
                                                            if ::binder_http::__private_0_1::offer_path::<
                                                                bool,
                                                            >(
                                                                &mut __s4,
                                                                __key,
                                                                __at,
                                                                __raw,
                                                                &mut __errors,
                                                                4usize,
                                                                ::binder_http::__private_0_1::Source::Body,
                                                                "notify",
                                                            ) {
                                                                __seen.insert(4usize);
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
                                    .with(110u8)
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
                ::binder_http::__private_0_1::Body::Multipart {
                    body: __bytes,
                    boundary: __boundary,
                } if __limits
                    .formats
                    .contains(::binder_http::__private_0_1::Formats::MULTIPART) => {
                    ::binder_http::__private_0_1::scan_parts(
                        __bytes,
                        &__boundary,
                        __limits,
                        |__name, __part| {
                            match __name {
                                __k if __k == b"title" => {
                                    if !__part.is_empty_file()
                                        && (__seen.insert(0usize)
                                            || <&'r str as ::binder_http::__private_0_1::Field<
                                                'r,
                                            >>::REPEATS)
                                    {
                                        ::binder_http::__private_0_1::offer_part::<
                                            &'r str,
                                        >(&mut __s0, __part, false, &mut __errors, 0usize, "title");
                                    }
                                }
                                __k if __k == b"tags" => {
                                    if !__part.is_empty_file()
                                        && (__seen.insert(1usize)
                                            || <Vec<
                                                &'r str,
                                            > as ::binder_http::__private_0_1::Field<'r>>::REPEATS)
                                    {
                                        ::binder_http::__private_0_1::offer_part::<
                                            Vec<&'r str>,
                                        >(&mut __s1, __part, false, &mut __errors, 1usize, "tags");
                                    }
                                }
                                __k if __k == b"avatar" => {
                                    if !__part.is_empty_file()
                                        && (__seen.insert(2usize)
                                            || <FilePart<
                                                'r,
                                            > as ::binder_http::__private_0_1::Field<'r>>::REPEATS)
                                    {
                                        ::binder_http::__private_0_1::offer_part::<
                                            FilePart<'r>,
                                        >(
                                            &mut __s2,
                                            __part,
                                            false,
                                            &mut __errors,
                                            2usize,
                                            "avatar",
                                        );
                                    }
                                }
                                __k if __k == b"attachment" => {
                                    if !__part.is_empty_file()
                                        && (__seen.insert(3usize)
                                            || <Vec<
                                                FilePart<'r>,
                                            > as ::binder_http::__private_0_1::Field<'r>>::REPEATS)
                                    {
                                        ::binder_http::__private_0_1::offer_part::<
                                            Vec<FilePart<'r>>,
                                        >(
                                            &mut __s3,
                                            __part,
                                            false,
                                            &mut __errors,
                                            3usize,
                                            "attachment",
                                        );
                                    }
                                }
                                __k if __k == b"notify" => {
                                    if !__part.is_empty_file()
                                        && (__seen.insert(4usize)
                                            || <bool as ::binder_http::__private_0_1::Field<
                                                'r,
                                            >>::REPEATS)
                                    {
                                        ::binder_http::__private_0_1::offer_part::<
                                            bool,
                                        >(
                                            &mut __s4,
                                            __part,
                                            false,
                                            &mut __errors,
                                            4usize,
                                            "notify",
                                        );
                                    }
                                }
                                _ if !__part.is_file() => {
                                    let __key = ::binder_http::__private_0_1::Ref::Copied(
                                        __name,
                                    );
                                    let __raw = ::binder_http::__private_0_1::Raw::plain(
                                        __part.data(),
                                    );
                                    if let ::binder_http::__private_0_1::Some(__at) = ::binder_http::__private_0_1::path_start(
                                        &__key,
                                    ) {
                                        match &__key[..__at] {
                                            b"title" => {
                                                if ::binder_http::__private_0_1::offer_path::<
                                                    &'r str,
                                                >(
                                                    &mut __s0,
                                                    __key,
                                                    __at,
                                                    __raw,
                                                    &mut __errors,
                                                    0usize,
                                                    ::binder_http::__private_0_1::Source::Body,
                                                    "title",
                                                ) {
                                                    __seen.insert(0usize);
                                                }
                                            }
                                            b"tags" => {
                                                if ::binder_http::__private_0_1::offer_path::<
                                                    Vec<&'r str>,
                                                >(
                                                    &mut __s1,
                                                    __key,
                                                    __at,
                                                    __raw,
                                                    &mut __errors,
                                                    1usize,
                                                    ::binder_http::__private_0_1::Source::Body,
                                                    "tags",
                                                ) {
                                                    __seen.insert(1usize);
                                                }
                                            }
                                            b"avatar" => {
                                                if ::binder_http::__private_0_1::offer_path::<
                                                    FilePart<'r>,
                                                >(
                                                    &mut __s2,
                                                    __key,
                                                    __at,
                                                    __raw,
                                                    &mut __errors,
                                                    2usize,
                                                    ::binder_http::__private_0_1::Source::Body,
                                                    "avatar",
                                                ) {
                                                    __seen.insert(2usize);
                                                }
                                            }
                                            b"attachment" => {
                                                if ::binder_http::__private_0_1::offer_path::<
                                                    Vec<FilePart<'r>>,
                                                >(
                                                    &mut __s3,
                                                    __key,
                                                    __at,
                                                    __raw,
                                                    &mut __errors,
                                                    3usize,
                                                    ::binder_http::__private_0_1::Source::Body,
                                                    "attachment",
                                                ) {
                                                    __seen.insert(3usize);
                                                }
                                            }
                                            b"notify" => {
                                                if ::binder_http::__private_0_1::offer_path::<
                                                    bool,
                                                >(
                                                    &mut __s4,
                                                    __key,
                                                    __at,
                                                    __raw,
                                                    &mut __errors,
                                                    4usize,
                                                    ::binder_http::__private_0_1::Source::Body,
                                                    "notify",
                                                ) {
                                                    __seen.insert(4usize);
                                                }
                                            }
                                            _ => {}
                                        }
                                    }
                                }
                                _ => {}
                            }
                        },
                    )?;
                }
                ::binder_http::__private_0_1::Body::Invalid(
                    __e,
                ) if __limits
                    .formats
                    .contains(::binder_http::__private_0_1::Formats::MULTIPART) => {
                    return ::binder_http::__private_0_1::Err(::binder_http::__private_0_1::BindError::Malformed {
                        source: ::binder_http::__private_0_1::Source::Body,
                        error: __e,
                    });
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
                        "title",
                        ::binder_http::__private_0_1::Source::Body,
                    ),
                ),
                __seen.contains(0usize),
                ::binder_http::__private_0_1::None,
                &mut __errors,
                0usize,
                ::binder_http::__private_0_1::Source::Body,
                "title",
            );
            let __v1: ::binder_http::__private_0_1::Option<Vec<&'r str>> = ::binder_http::__private_0_1::settle(
                <Vec<
                    &'r str,
                > as ::binder_http::__private_0_1::Field<
                    'r,
                >>::finish(
                    __s1,
                    &mut ::binder_http::__private_0_1::FieldCx::with_source(
                        &mut __errors,
                        1usize,
                        "tags",
                        ::binder_http::__private_0_1::Source::Body,
                    ),
                ),
                __seen.contains(1usize),
                ::binder_http::__private_0_1::None,
                &mut __errors,
                1usize,
                ::binder_http::__private_0_1::Source::Body,
                "tags",
            );
            let __v2: ::binder_http::__private_0_1::Option<FilePart<'r>> = ::binder_http::__private_0_1::settle(
                <FilePart<
                    'r,
                > as ::binder_http::__private_0_1::Field<
                    'r,
                >>::finish(
                    __s2,
                    &mut ::binder_http::__private_0_1::FieldCx::with_source(
                        &mut __errors,
                        2usize,
                        "avatar",
                        ::binder_http::__private_0_1::Source::Body,
                    ),
                ),
                __seen.contains(2usize),
                ::binder_http::__private_0_1::None,
                &mut __errors,
                2usize,
                ::binder_http::__private_0_1::Source::Body,
                "avatar",
            );
            let __v3: ::binder_http::__private_0_1::Option<Vec<FilePart<'r>>> = ::binder_http::__private_0_1::settle(
                <Vec<
                    FilePart<'r>,
                > as ::binder_http::__private_0_1::Field<
                    'r,
                >>::finish(
                    __s3,
                    &mut ::binder_http::__private_0_1::FieldCx::with_source(
                        &mut __errors,
                        3usize,
                        "attachment",
                        ::binder_http::__private_0_1::Source::Body,
                    ),
                ),
                __seen.contains(3usize),
                ::binder_http::__private_0_1::None,
                &mut __errors,
                3usize,
                ::binder_http::__private_0_1::Source::Body,
                "attachment",
            );
            let __v4: ::binder_http::__private_0_1::Option<bool> = ::binder_http::__private_0_1::settle(
                <bool as ::binder_http::__private_0_1::Field<
                    'r,
                >>::finish(
                    __s4,
                    &mut ::binder_http::__private_0_1::FieldCx::with_source(
                        &mut __errors,
                        4usize,
                        "notify",
                        ::binder_http::__private_0_1::Source::Body,
                    ),
                ),
                __seen.contains(4usize),
                ::binder_http::__private_0_1::Some(
                    <bool as ::binder_http::__private_0_1::Default>::default,
                ),
                &mut __errors,
                4usize,
                ::binder_http::__private_0_1::Source::Body,
                "notify",
            );
            if !__errors.is_empty() {
                __errors.sort_by_field();
                return ::binder_http::__private_0_1::Err(
                    ::binder_http::__private_0_1::BindError::Fields(__errors),
                );
            }
            let __bound = match (__v0, __v1, __v2, __v3, __v4) {
                (
                    ::binder_http::__private_0_1::Some(__f0),
                    ::binder_http::__private_0_1::Some(__f1),
                    ::binder_http::__private_0_1::Some(__f2),
                    ::binder_http::__private_0_1::Some(__f3),
                    ::binder_http::__private_0_1::Some(__f4),
                ) => {
                    Self {
                        title: __f0,
                        tags: __f1,
                        avatar: __f2,
                        attachments: __f3,
                        notify: __f4,
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
