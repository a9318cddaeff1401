//! Every kind of bad scene input gets one located diagnostic per problem, and nothing panics.

use std::path::Path;

use crate::located;

use located::{errors, one};
use sepax::scene::{find_body, load, load_bytes, load_path, Diagnostic};

/// `gives!(text => "line:column words|words")`: the one diagnostic of `text` (see [`one`]).
macro_rules! gives {
    ($text:expr => $want:expr) => {
        one(&$text, $want)
    };
}

/// A `[world]` made of `lines` (from line 2), then one valid sphere.
fn world(lines: &str) -> String {
    let sphere = "name = \"S\"\nshape = \"sphere\"\ncenter = [0, 0, 0]\nradius = 1\n";
    format!("[world]\n{lines}[[body]]\n{sphere}")
}

/// A valid `[world]` on lines 1–2, then one `[[body]]` on line 3 whose keys start on line 4.
fn body(lines: &str) -> String {
    format!("[world]\ndt = 0.1\n[[body]]\n{lines}")
}

/// A valid box body (lines 4–7 under [`body`]); tests add keys on line 8.
const BOX: &str = "name = \"A\"\nshape = \"box\"\ncenter = [0, 0, 0]\nhalf_extents = [1, 1, 1]\n";

/// A box with `extra` appended on line 8.
fn boxed(extra: &str) -> String {
    body(&format!("{BOX}{extra}\n"))
}

/// Four points that span a volume, on line 6 under [`body`].
const POINTS: &str =
    "name = \"C\"\nshape = \"points\"\npoints = [[0, 0, 0], [1, 0, 0], [0, 1, 0], [0, 0, 1]]\n";

#[test]
fn toml_syntax_errors_are_located() {
    gives!("x = [1, 2,\n" => "1:11 invalid TOML|unclosed array");
    gives!("[world]\ndt = 0.1\ndt = 0.2\n" => "3:1 invalid TOML|duplicate key");
    gives!("[world]\ndt = \n" => "2:6 invalid TOML");
}

#[test]
fn unknown_keys_suggest_the_closest_and_list_the_allowed() {
    let typo = body(&BOX.replace("half_extents", "half_extent"));
    let words = "7:1 unknown key `half_extent` in body \"A\"; did you mean `half_extents`? allowed";
    gives!(typo => words);
    gives!(world("dt = 0.1\nfoo = 1\n") => "3:1 unknown key `foo` in [world]; allowed keys: dt");
    gives!(format!("bodys = 1\n{}", boxed("")) => "1:1 `bodys`|did you mean `body`?");
    let axs = boxed("rotation = { axs = [0, 0, 1], degrees = 30 }");
    gives!(axs => "8:14 unknown key `axs` in the rotation of body \"A\"|did you mean `axis`?");
    gives!(body(&BOX.replace("name", "nme")) => "4:1 unknown key `nme`|`name`");
}

#[test]
fn keys_of_another_shape_name_the_shape() {
    gives!(boxed("radius = 2") => "8:1 `radius` does not apply to a box|sphere");
    let plane = body("name = \"P\"\nshape = \"plane\"\nnormal = [0, 1, 0]\nvelocity = [1, 0, 0]\n");
    gives!(plane => "7:1 `velocity` does not apply to a plane|never moves");
    let centered = body(&format!("{POINTS}center = [0, 0, 0]\n"));
    gives!(centered => "7:1 `center` cannot be given for body \"C\"|fit");
}

#[test]
fn wrong_types_name_the_expected_and_found_types() {
    gives!(world("dt = \"fast\"\n") => "2:6 `dt` in [world] must be a number, found a string");
    gives!(body(&BOX.replace("\"A\"", "1")) => "4:8 `name`|must be a string, found an integer");
    gives!(boxed("fixed = 1") => "8:9 `fixed` in body \"A\" must be true or false");
    gives!(boxed("rotation = 30") => "8:12 `rotation`|must be a table, found an integer");
    gives!(world("dt = 0.1\nframes = 2.5\n") => "3:10 `frames`|whole number, found a float");
    gives!(body(&BOX.replace("[0, 0, 0]", "[0, \"x\", 0]")) => "6:14 `center`|found a string");
}

#[test]
fn non_finite_numbers_are_rejected() {
    gives!(world("dt = nan\n") => "2:6 finite number|`nan`");
    gives!(body(&BOX.replace("[0, 0, 0]", "[0, inf, 0]")) => "6:14 `center`|finite|`inf`");
    gives!(boxed("mass = -inf") => "8:8 `mass`|finite|`-inf`");
    gives!(world("dt = 1e400\n") => "2:6 finite number");
}

#[test]
fn non_positive_sizes_dt_frames_and_mass_are_rejected() {
    let flat = body(&BOX.replace("[1, 1, 1]", "[1, 0, 1]"));
    gives!(flat => "7:20 `half_extents` in body \"A\" must be greater than 0, found 0");
    let sphere = body("name = \"S\"\nshape = \"sphere\"\ncenter = [0, 0, 0]\nradius = 0\n");
    gives!(sphere => "7:10 `radius` in body \"S\" must be greater than 0");
    gives!(world("dt = 0\n") => "2:6 `dt` in [world] must be greater than 0");
    gives!(boxed("mass = -2") => "8:8 `mass`|greater than 0, found -2");
    gives!(world("dt = 0.1\nframes = 0\n") => "3:10 `frames`|between 1 and");
}

#[test]
fn zero_quaternion_axis_and_normal_are_rejected() {
    let q = boxed("rotation = { quaternion = [0, 0, 0, 0] }");
    gives!(q => "8:27 the quaternion of body \"A\" must not be zero");
    let axis = boxed("rotation = { axis = [0, 0, 0], degrees = 30 }");
    gives!(axis => "8:21 the rotation axis of body \"A\" must not be zero");
    let both = boxed("rotation = { euler_degrees = [0, 0, 0], quaternion = [1, 0, 0, 0] }");
    gives!(both => "8:12 must use only one of");
    gives!(boxed("rotation = {}") => "8:12 needs one of");
    let plane = body("name = \"P\"\nshape = \"plane\"\nnormal = [0, 0, 0]\n");
    gives!(plane => "6:10 the normal of body \"P\" must not be zero");
    let fixed = body("name = \"P\"\nshape = \"plane\"\nnormal = [0, 1, 0]\nfixed = false\n");
    gives!(fixed => "7:9 plane, which is always fixed");
}

#[test]
fn duplicate_and_unknown_body_names() {
    let twice = format!(
        "{}[[body]]\n{}",
        boxed(""),
        BOX.replace("[0, 0, 0]", "[5, 0, 0]")
    );
    gives!(twice => "10:8 duplicate body name \"A\": the body at line 4");
    let scene = load("two_boxes").expect("shipped scene loads");
    assert_eq!(find_body(&scene.bodies, "B"), Ok(1));
    let message = find_body(&scene.bodies, "b2").unwrap_err();
    assert!(message.contains("unknown body \"b2\""), "{message}");
    assert!(
        message.contains("the bodies are: \"A\", \"B\""),
        "{message}"
    );
    // A table that refers to a body reports the message at the place of the name.
    let text = "target = \"C\"\n";
    let d = Diagnostic::at_span(
        "s.toml",
        text,
        9..12,
        find_body(&scene.bodies, "C").unwrap_err(),
    );
    assert!(
        d.to_string().starts_with("s.toml:1:10: unknown body \"C\""),
        "{d}"
    );
}

#[test]
fn unknown_shapes_fits_and_methods_list_the_valid_ones() {
    let valid =
        "5:9 unknown shape `cube` in body \"A\"; expected one of: box, sphere, plane, points, triangle, mesh";
    gives!(body("name = \"A\"\nshape = \"cube\"\n") => valid);
    gives!(body("name = \"A\"\nshape = \"bx\"\n") => "5:9 did you mean `box`?");
    gives!(body(&format!("{POINTS}fit = \"obbb\"\n")) => "7:7 unknown fit `obbb`|`obb`?");
    let method = body(&format!("{POINTS}sphere_method = \"ritter\"\n"));
    gives!(method => "7:17 `sphere_method` only applies to fit = \"sphere\"");
}

#[test]
fn arrays_of_the_wrong_length_give_the_count() {
    let short = body(&BOX.replace("[0, 0, 0]", "[0, 0]"));
    gives!(short => "6:10 `center` in body \"A\" must be an array of 3 numbers, found 2");
    let q = boxed("rotation = { quaternion = [1, 0, 0] }");
    gives!(q => "8:27 `quaternion`|4 numbers, found 3");
}

#[test]
fn point_clouds_that_give_no_volume_are_located_at_points() {
    let d = load_path(Path::new("tests/fixtures/coplanar_points.toml"))
        .unwrap_err()
        .0;
    assert_eq!(d.len(), 1, "{d:#?}");
    assert_eq!((d[0].line, d[0].column), (Some(7), Some(10)));
    assert!(d[0].message.contains("coplanar or collinear"), "{}", d[0]);
    let few = body("name = \"C\"\nshape = \"points\"\npoints = [[0, 0, 0], [1, 2, 3]]\n");
    gives!(few => "6:10 cannot fit an obb to the points of body \"C\"|at least 4 points, found 2");
    let same = body(
        "name = \"C\"\nshape = \"points\"\nfit = \"sphere\"\npoints = [[1, 2, 3], [1, 2, 3]]\n",
    );
    gives!(same => "7:10 all points are the same point");
}

#[test]
fn missing_tables_and_keys_are_reported_at_their_table() {
    let sphere = "[[body]]\nname = \"S\"\nshape = \"sphere\"\ncenter = [0, 0, 0]\nradius = 1\n";
    gives!(format!("[world]\nframes = 10\n{sphere}") => "1:1 [world] is missing `dt`");
    let nameless = body("shape = \"box\"\ncenter = [0, 0, 0]\nhalf_extents = [1, 1, 1]\n");
    gives!(nameless => "3:1 body #1 is missing `name`");
    let no_size = body("name = \"A\"\nshape = \"box\"\ncenter = [0, 0, 0]\n");
    gives!(no_size => "3:1 body \"A\" is missing `half_extents`");
    gives!("[world]\ndt = 0.1\n[body]\nname = \"A\"\n" => "3:1 write [[body]], not [body]");
    let d = errors(&format!("title = \"no world\"\n{sphere}"));
    assert_eq!(d.len(), 1, "{d:#?}");
    assert_eq!((d[0].line, d[0].column), (None, None));
    assert_eq!(d[0].to_string(), format!("t.toml: {}\n", d[0].message));
    assert!(d[0].message.contains("no [world] table"), "{}", d[0]);
}

#[test]
fn empty_missing_and_non_utf8_files() {
    for text in ["", "# just a comment\n\n"] {
        let d = errors(text);
        assert_eq!(d.len(), 1);
        assert_eq!(d[0].to_string(), format!("t.toml: {}\n", d[0].message));
        assert!(d[0].message.contains("empty"));
    }
    let missing = load_path(Path::new("tests/fixtures/no_such_scene.toml")).unwrap_err();
    assert_eq!(
        missing.to_string(),
        "tests/fixtures/no_such_scene.toml: file not found\n"
    );
    let empty = load_path(Path::new("tests/fixtures/empty.toml")).unwrap_err();
    assert!(empty
        .to_string()
        .starts_with("tests/fixtures/empty.toml: the file is empty"));
    let latin1 = load_path(Path::new("tests/fixtures/latin1.toml"))
        .unwrap_err()
        .0;
    assert_eq!(latin1.len(), 1);
    assert_eq!((latin1[0].line, latin1[0].column), (Some(5), Some(12)));
    assert!(latin1[0].message.contains("not UTF-8") && latin1[0].message.contains("0xE9"));
    let d = load_bytes(b"\xff\xfe", "bin").unwrap_err().0;
    assert_eq!((d[0].line, d[0].column), (Some(1), Some(1)));
}

#[test]
fn deeply_nested_values_are_an_error_not_a_crash() {
    let deep = format!("x = {}{}", "[".repeat(100_000), "]".repeat(100_000));
    gives!(deep => "1:85 invalid TOML|recursion");
}

#[test]
fn unknown_scene_names_count_the_shipped_scenes_and_say_where_to_see_them() {
    let text = load("two_boxs").unwrap_err().to_string();
    assert!(text.starts_with("two_boxs: "), "{text}");
    assert!(text.contains("did you mean `two_boxes`?"), "{text}");
    let names: Vec<&str> = sepax::scene::shipped_scenes()
        .iter()
        .map(|(name, _)| *name)
        .collect();
    assert!(names.len() > sepax::scene::MAX_LISTED);
    assert!(
        text.contains(&format!(
            "{} shipped scenes (`sepax scenes` lists them)",
            names.len()
        )),
        "{text}"
    );
    assert!(!text.contains(names[0]), "the names are not listed: {text}");
}

#[test]
fn unknown_lessons_count_the_shipped_lessons_instead_of_listing_them() {
    let text = sepax::lesson::load_lesson("42").unwrap_err().to_string();
    let lessons = sepax::scene::shipped_lessons();
    assert!(
        text.contains(&format!("{} shipped lessons", lessons.len())),
        "{text}"
    );
    assert!(
        !text.contains(lessons[0].0),
        "the names are not listed: {text}"
    );
}

#[test]
fn every_problem_of_a_file_is_reported_in_order() {
    let d = load_path(Path::new("tests/fixtures/many_problems.toml")).unwrap_err();
    let places: Vec<String> =
        d.0.iter()
            .map(|d| format!("{}:{}", d.line.unwrap_or(0), d.column.unwrap_or(0)))
            .collect();
    assert_eq!(
        places,
        ["4:6", "5:11", "11:1", "14:8", "16:16", "17:10"],
        "{d}"
    );
    let shown = d.to_string();
    let first = "tests/fixtures/many_problems.toml:4:6: `dt` in [world] must be greater than 0";
    assert!(shown.starts_with(first), "{shown}");
    assert!(shown.contains("\n  |\n4 | dt = 0\n  |      ^\n"), "{shown}");
    assert!(shown.contains("duplicate body name \"A\""), "{shown}");
}

#[test]
fn a_bad_obj_face_is_located_in_the_obj_file_with_the_scene_s_file_key_as_a_note() {
    let dir = std::env::temp_dir().join(format!("sepax-obj-face-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("bad.obj"), "v 0 0 0\nv 1 0 0\nv 0 1 0\nf 0 1 2\n").unwrap();
    let scene = dir.join("s.toml");
    std::fs::write(
        &scene,
        "[world]\ndt = 0.01\n\n[[body]]\nname = \"m\"\nshape = \"mesh\"\nfile = \"bad.obj\"\n",
    )
    .unwrap();
    let problems = load_path(&scene).unwrap_err();
    let obj = dir.join("bad.obj").display().to_string();
    let at_face = problems
        .0
        .iter()
        .find(|d| d.path == obj)
        .unwrap_or_else(|| panic!("nothing located in {obj}: {problems}"));
    assert_eq!((at_face.line, at_face.column), (Some(4), Some(3)));
    assert!(
        at_face.message.contains("OBJ indices start at 1"),
        "{}",
        at_face.message
    );
    let note = &problems.0[0];
    assert_eq!(note.path, scene.display().to_string());
    assert_eq!(note.line, Some(7));
    assert!(
        note.message
            .contains("has 1 problem, reported at its place in"),
        "{}",
        note.message
    );
    let _ = std::fs::remove_dir_all(&dir);
}
