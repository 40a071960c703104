//! `twitter.json`: 100 statuses from the search API, a status nested in
//! the status that retweets it.

use super::{Color, IdStr};
use binder_http::{Bind, FromText};
use serde::Deserialize;
use std::borrow::Cow;

/// The languages the document's statuses and users are in.
#[derive(FromText, Deserialize, Clone, Copy, Debug, PartialEq, Eq)]
pub enum LanguageCode {
    #[bind(rename = "zh-cn")]
    #[serde(rename = "zh-cn")]
    Cn,
    #[bind(rename = "en")]
    #[serde(rename = "en")]
    En,
    #[bind(rename = "es")]
    #[serde(rename = "es")]
    Es,
    #[bind(rename = "it")]
    #[serde(rename = "it")]
    It,
    #[bind(rename = "ja")]
    #[serde(rename = "ja")]
    Ja,
    #[bind(rename = "zh")]
    #[serde(rename = "zh")]
    Zh,
}

/// A search result's type.
#[derive(FromText, Deserialize, Clone, Copy, Debug, PartialEq, Eq)]
#[bind(rename_all = "lowercase")]
#[serde(rename_all = "lowercase")]
pub enum ResultType {
    Recent,
}

/// How a media size was made.
#[derive(FromText, Deserialize, Clone, Copy, Debug, PartialEq, Eq)]
#[bind(rename_all = "lowercase")]
#[serde(rename_all = "lowercase")]
pub enum Resize {
    Fit,
    Crop,
}

/// Where an entity is in the text: `[start, end]`.
pub type Indices = (u8, u8);

/// The search's response, owned.
#[derive(Bind, Deserialize, Debug, PartialEq)]
#[bind(body, deny_unknown_fields)]
#[serde(deny_unknown_fields)]
pub struct Twitter {
    pub statuses: Vec<Status>,
    pub search_metadata: SearchMetadata,
}

/// A status, owned; a retweet holds the status it retweets.
#[derive(Bind, Deserialize, Debug, PartialEq)]
#[bind(body, deny_unknown_fields)]
#[serde(deny_unknown_fields)]
pub struct Status {
    pub metadata: Metadata,
    pub created_at: String,
    pub id: u64,
    pub id_str: IdStr<u64>,
    pub text: String,
    pub source: String,
    pub truncated: bool,
    pub in_reply_to_status_id: Option<u64>,
    pub in_reply_to_status_id_str: Option<IdStr<u64>>,
    pub in_reply_to_user_id: Option<u32>,
    pub in_reply_to_user_id_str: Option<IdStr<u32>>,
    pub in_reply_to_screen_name: Option<String>,
    pub user: User,
    pub geo: (),
    pub coordinates: (),
    pub place: (),
    pub contributors: (),
    pub retweeted_status: Option<Box<Status>>,
    pub retweet_count: u32,
    pub favorite_count: u32,
    pub entities: StatusEntities,
    pub favorited: bool,
    pub retweeted: bool,
    pub possibly_sensitive: Option<bool>,
    pub lang: LanguageCode,
}

/// A status's search metadata (no text: the same in both variants).
#[derive(Bind, Deserialize, Debug, PartialEq)]
#[bind(body, deny_unknown_fields)]
#[serde(deny_unknown_fields)]
pub struct Metadata {
    pub result_type: ResultType,
    pub iso_language_code: LanguageCode,
}

/// A user, owned.
#[derive(Bind, Deserialize, Debug, PartialEq)]
#[bind(body, deny_unknown_fields)]
#[serde(deny_unknown_fields)]
pub struct User {
    pub id: u32,
    pub id_str: IdStr<u32>,
    pub name: String,
    pub screen_name: String,
    pub location: String,
    pub description: String,
    pub url: Option<String>,
    pub entities: UserEntities,
    pub protected: bool,
    pub followers_count: u32,
    pub friends_count: u32,
    pub listed_count: u32,
    pub created_at: String,
    pub favourites_count: u32,
    pub utc_offset: Option<i32>,
    pub time_zone: Option<String>,
    pub geo_enabled: bool,
    pub verified: bool,
    pub statuses_count: u32,
    pub lang: LanguageCode,
    pub contributors_enabled: bool,
    pub is_translator: bool,
    pub is_translation_enabled: bool,
    pub profile_background_color: Color,
    pub profile_background_image_url: String,
    pub profile_background_image_url_https: String,
    pub profile_background_tile: bool,
    pub profile_image_url: String,
    pub profile_image_url_https: String,
    pub profile_banner_url: Option<String>,
    pub profile_link_color: Color,
    pub profile_sidebar_border_color: Color,
    pub profile_sidebar_fill_color: Color,
    pub profile_text_color: Color,
    pub profile_use_background_image: bool,
    pub default_profile: bool,
    pub default_profile_image: bool,
    pub following: bool,
    pub follow_request_sent: bool,
    pub notifications: bool,
}

/// A user's entities, owned.
#[derive(Bind, Deserialize, Debug, PartialEq)]
#[bind(body, deny_unknown_fields)]
#[serde(deny_unknown_fields)]
pub struct UserEntities {
    pub url: Option<UserUrl>,
    pub description: UserEntitiesDescription,
}

/// The URLs of a user's `url`, owned.
#[derive(Bind, Deserialize, Debug, PartialEq)]
#[bind(body, deny_unknown_fields)]
#[serde(deny_unknown_fields)]
pub struct UserUrl {
    pub urls: Vec<Url>,
}

/// A URL entity, owned.
#[derive(Bind, Deserialize, Debug, PartialEq)]
#[bind(body, deny_unknown_fields)]
#[serde(deny_unknown_fields)]
pub struct Url {
    pub url: String,
    pub expanded_url: String,
    pub display_url: String,
    pub indices: Indices,
}

/// The URLs of a user's description, owned.
#[derive(Bind, Deserialize, Debug, PartialEq)]
#[bind(body, deny_unknown_fields)]
#[serde(deny_unknown_fields)]
pub struct UserEntitiesDescription {
    pub urls: Vec<Url>,
}

/// A status's entities, owned. `symbols` is always `[]`; `media` may be
/// absent.
#[derive(Bind, Deserialize, Debug, PartialEq)]
#[bind(body, deny_unknown_fields)]
#[serde(deny_unknown_fields)]
pub struct StatusEntities {
    pub hashtags: Vec<Hashtag>,
    pub symbols: [u32; 0],
    pub urls: Vec<Url>,
    pub user_mentions: Vec<UserMention>,
    pub media: Option<Vec<Media>>,
}

/// A hashtag, owned.
#[derive(Bind, Deserialize, Debug, PartialEq)]
#[bind(body, deny_unknown_fields)]
#[serde(deny_unknown_fields)]
pub struct Hashtag {
    pub text: String,
    pub indices: Indices,
}

/// A mention, owned.
#[derive(Bind, Deserialize, Debug, PartialEq)]
#[bind(body, deny_unknown_fields)]
#[serde(deny_unknown_fields)]
pub struct UserMention {
    pub screen_name: String,
    pub name: String,
    pub id: u32,
    pub id_str: IdStr<u32>,
    pub indices: Indices,
}

/// A photo, owned.
#[derive(Bind, Deserialize, Debug, PartialEq)]
#[bind(body, deny_unknown_fields)]
#[serde(deny_unknown_fields)]
pub struct Media {
    pub id: u64,
    pub id_str: IdStr<u64>,
    pub indices: Indices,
    pub media_url: String,
    pub media_url_https: String,
    pub url: String,
    pub display_url: String,
    pub expanded_url: String,
    #[bind(body = "type")]
    #[serde(rename = "type")]
    pub media_type: String,
    pub sizes: Sizes,
    pub source_status_id: Option<u64>,
    pub source_status_id_str: Option<IdStr<u64>>,
}

/// A photo's sizes (no text: the same in both variants).
#[derive(Bind, Deserialize, Debug, PartialEq)]
#[bind(body, deny_unknown_fields)]
#[serde(deny_unknown_fields)]
pub struct Sizes {
    pub medium: Size,
    pub small: Size,
    pub thumb: Size,
    pub large: Size,
}

/// One size.
#[derive(Bind, Deserialize, Debug, PartialEq)]
#[bind(body, deny_unknown_fields)]
#[serde(deny_unknown_fields)]
pub struct Size {
    pub w: u16,
    pub h: u16,
    pub resize: Resize,
}

/// The search's own metadata, owned.
#[derive(Bind, Deserialize, Debug, PartialEq)]
#[bind(body, deny_unknown_fields)]
#[serde(deny_unknown_fields)]
pub struct SearchMetadata {
    pub completed_in: f32,
    pub max_id: u64,
    pub max_id_str: IdStr<u64>,
    pub next_results: String,
    pub query: String,
    pub refresh_url: String,
    pub count: u8,
    pub since_id: u64,
    pub since_id_str: IdStr<u64>,
}

/// The search's response, borrowed: text borrows, `Cow` where the
/// document has escapes (a status's `text` and `source`, a user's
/// `description`), `&str` elsewhere.
#[derive(Bind, Deserialize, Debug, PartialEq)]
#[bind(body, deny_unknown_fields)]
#[serde(deny_unknown_fields)]
pub struct TwitterRef<'r> {
    #[serde(borrow)]
    pub statuses: Vec<StatusRef<'r>>,
    #[serde(borrow)]
    pub search_metadata: SearchMetadataRef<'r>,
}

/// A status, borrowed.
#[derive(Bind, Deserialize, Debug, PartialEq)]
#[bind(body, deny_unknown_fields)]
#[serde(deny_unknown_fields)]
pub struct StatusRef<'r> {
    pub metadata: Metadata,
    pub created_at: &'r str,
    pub id: u64,
    pub id_str: IdStr<u64>,
    #[serde(borrow)]
    pub text: Cow<'r, str>,
    #[serde(borrow)]
    pub source: Cow<'r, str>,
    pub truncated: bool,
    pub in_reply_to_status_id: Option<u64>,
    pub in_reply_to_status_id_str: Option<IdStr<u64>>,
    pub in_reply_to_user_id: Option<u32>,
    pub in_reply_to_user_id_str: Option<IdStr<u32>>,
    #[serde(borrow)]
    pub in_reply_to_screen_name: Option<&'r str>,
    #[serde(borrow)]
    pub user: UserRef<'r>,
    pub geo: (),
    pub coordinates: (),
    pub place: (),
    pub contributors: (),
    #[serde(borrow)]
    pub retweeted_status: Option<Box<StatusRef<'r>>>,
    pub retweet_count: u32,
    pub favorite_count: u32,
    #[serde(borrow)]
    pub entities: StatusEntitiesRef<'r>,
    pub favorited: bool,
    pub retweeted: bool,
    pub possibly_sensitive: Option<bool>,
    pub lang: LanguageCode,
}

/// A user, borrowed.
#[derive(Bind, Deserialize, Debug, PartialEq)]
#[bind(body, deny_unknown_fields)]
#[serde(deny_unknown_fields)]
pub struct UserRef<'r> {
    pub id: u32,
    pub id_str: IdStr<u32>,
    pub name: &'r str,
    pub screen_name: &'r str,
    pub location: &'r str,
    #[serde(borrow)]
    pub description: Cow<'r, str>,
    #[serde(borrow)]
    pub url: Option<&'r str>,
    #[serde(borrow)]
    pub entities: UserEntitiesRef<'r>,
    pub protected: bool,
    pub followers_count: u32,
    pub friends_count: u32,
    pub listed_count: u32,
    pub created_at: &'r str,
    pub favourites_count: u32,
    pub utc_offset: Option<i32>,
    #[serde(borrow)]
    pub time_zone: Option<&'r str>,
    pub geo_enabled: bool,
    pub verified: bool,
    pub statuses_count: u32,
    pub lang: LanguageCode,
    pub contributors_enabled: bool,
    pub is_translator: bool,
    pub is_translation_enabled: bool,
    pub profile_background_color: Color,
    pub profile_background_image_url: &'r str,
    pub profile_background_image_url_https: &'r str,
    pub profile_background_tile: bool,
    pub profile_image_url: &'r str,
    pub profile_image_url_https: &'r str,
    #[serde(borrow)]
    pub profile_banner_url: Option<&'r str>,
    pub profile_link_color: Color,
    pub profile_sidebar_border_color: Color,
    pub profile_sidebar_fill_color: Color,
    pub profile_text_color: Color,
    pub profile_use_background_image: bool,
    pub default_profile: bool,
    pub default_profile_image: bool,
    pub following: bool,
    pub follow_request_sent: bool,
    pub notifications: bool,
}

/// A user's entities, borrowed.
#[derive(Bind, Deserialize, Debug, PartialEq)]
#[bind(body, deny_unknown_fields)]
#[serde(deny_unknown_fields)]
pub struct UserEntitiesRef<'r> {
    #[serde(borrow)]
    pub url: Option<UserUrlRef<'r>>,
    #[serde(borrow)]
    pub description: UserEntitiesDescriptionRef<'r>,
}

/// The URLs of a user's `url`, borrowed.
#[derive(Bind, Deserialize, Debug, PartialEq)]
#[bind(body, deny_unknown_fields)]
#[serde(deny_unknown_fields)]
pub struct UserUrlRef<'r> {
    #[serde(borrow)]
    pub urls: Vec<UrlRef<'r>>,
}

/// A URL entity, borrowed.
#[derive(Bind, Deserialize, Debug, PartialEq)]
#[bind(body, deny_unknown_fields)]
#[serde(deny_unknown_fields)]
pub struct UrlRef<'r> {
    pub url: &'r str,
    pub expanded_url: &'r str,
    pub display_url: &'r str,
    pub indices: Indices,
}

/// The URLs of a user's description, borrowed.
#[derive(Bind, Deserialize, Debug, PartialEq)]
#[bind(body, deny_unknown_fields)]
#[serde(deny_unknown_fields)]
pub struct UserEntitiesDescriptionRef<'r> {
    #[serde(borrow)]
    pub urls: Vec<UrlRef<'r>>,
}

/// A status's entities, borrowed.
#[derive(Bind, Deserialize, Debug, PartialEq)]
#[bind(body, deny_unknown_fields)]
#[serde(deny_unknown_fields)]
pub struct StatusEntitiesRef<'r> {
    #[serde(borrow)]
    pub hashtags: Vec<HashtagRef<'r>>,
    pub symbols: [u32; 0],
    #[serde(borrow)]
    pub urls: Vec<UrlRef<'r>>,
    #[serde(borrow)]
    pub user_mentions: Vec<UserMentionRef<'r>>,
    #[serde(borrow)]
    pub media: Option<Vec<MediaRef<'r>>>,
}

/// A hashtag, borrowed.
#[derive(Bind, Deserialize, Debug, PartialEq)]
#[bind(body, deny_unknown_fields)]
#[serde(deny_unknown_fields)]
pub struct HashtagRef<'r> {
    pub text: &'r str,
    pub indices: Indices,
}

/// A mention, borrowed.
#[derive(Bind, Deserialize, Debug, PartialEq)]
#[bind(body, deny_unknown_fields)]
#[serde(deny_unknown_fields)]
pub struct UserMentionRef<'r> {
    pub screen_name: &'r str,
    pub name: &'r str,
    pub id: u32,
    pub id_str: IdStr<u32>,
    pub indices: Indices,
}

/// A photo, borrowed.
#[derive(Bind, Deserialize, Debug, PartialEq)]
#[bind(body, deny_unknown_fields)]
#[serde(deny_unknown_fields)]
pub struct MediaRef<'r> {
    pub id: u64,
    pub id_str: IdStr<u64>,
    pub indices: Indices,
    pub media_url: &'r str,
    pub media_url_https: &'r str,
    pub url: &'r str,
    pub display_url: &'r str,
    pub expanded_url: &'r str,
    #[bind(body = "type")]
    #[serde(rename = "type")]
    pub media_type: &'r str,
    pub sizes: Sizes,
    pub source_status_id: Option<u64>,
    pub source_status_id_str: Option<IdStr<u64>>,
}

/// The search's own metadata, borrowed.
#[derive(Bind, Deserialize, Debug, PartialEq)]
#[bind(body, deny_unknown_fields)]
#[serde(deny_unknown_fields)]
pub struct SearchMetadataRef<'r> {
    pub completed_in: f32,
    pub max_id: u64,
    pub max_id_str: IdStr<u64>,
    pub next_results: &'r str,
    pub query: &'r str,
    pub refresh_url: &'r str,
    pub count: u8,
    pub since_id: u64,
    pub since_id_str: IdStr<u64>,
}
