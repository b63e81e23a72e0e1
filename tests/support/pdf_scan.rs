//! A small PDF content-stream interpreter for tests: every page's painted paths and shown
//! glyphs in page millimetres (origin top left, y down), following q/Q/cm, path construction,
//! paint operators, colours, dashes and text matrices. What the kit and booklet tests measure.
#![allow(dead_code)]

use lopdf::content::Content;
use lopdf::Document;

const K: f64 = 72.0 / 25.4;

#[derive(Clone, Copy, Debug, PartialEq)]
pub struct P {
    pub x: f64,
    pub y: f64,
}

/// A painted path in page millimetres (origin top left, y down).
#[derive(Clone, Debug)]
pub struct Painted {
    /// On-curve points, one list per subpath.
    pub subpaths: Vec<Vec<P>>,
    /// Bézier control points.
    pub controls: Vec<P>,
    pub fill: Option<[f64; 3]>,
    pub stroke: Option<[f64; 3]>,
    pub dashed: bool,
}

/// A glyph shown: where its origin lands and its text matrix (in PDF orientation).
#[derive(Clone, Copy, Debug)]
pub struct Shown {
    pub at: P,
    pub a: f64,
    pub d: f64,
    pub size: f64,
}

#[derive(Default, Debug)]
pub struct PageScan {
    pub width: f64,
    pub height: f64,
    pub paths: Vec<Painted>,
    pub glyphs: Vec<Shown>,
}

pub fn mul(m: [f64; 6], n: [f64; 6]) -> [f64; 6] {
    // m then n (PDF row-vector convention: p' = p·m·n).
    [
        m[0] * n[0] + m[1] * n[2],
        m[0] * n[1] + m[1] * n[3],
        m[2] * n[0] + m[3] * n[2],
        m[2] * n[1] + m[3] * n[3],
        m[4] * n[0] + m[5] * n[2] + n[4],
        m[4] * n[1] + m[5] * n[3] + n[5],
    ]
}

/// Reads every page's paths and glyphs, following q/Q/cm, path and paint operators.
pub fn scan(bytes: &[u8]) -> Vec<PageScan> {
    let doc = Document::load_mem(bytes).expect("the PDF parses");
    let mut out = Vec::new();
    for (_, id) in doc.get_pages() {
        let page = doc.get_dictionary(id).unwrap();
        let mb = page.get(b"MediaBox").unwrap().as_array().unwrap();
        let w = mb[2].as_float().unwrap() as f64 / K;
        let h = mb[3].as_float().unwrap() as f64 / K;
        let ops = Content::decode(&doc.get_page_content(id))
            .unwrap()
            .operations;
        let mut scan = PageScan {
            width: w,
            height: h,
            ..Default::default()
        };
        let mut ctm = [1.0, 0.0, 0.0, 1.0, 0.0, 0.0];
        let mut stack = Vec::new();
        let mut fill = [0.0; 3];
        let mut stroke = [0.0; 3];
        let mut dashed = false;
        let mut subpaths: Vec<Vec<P>> = Vec::new();
        let mut controls: Vec<P> = Vec::new();
        let mut font_size = 1.0;
        let to_mm = |ctm: [f64; 6], x: f64, y: f64| {
            let px = x * ctm[0] + y * ctm[2] + ctm[4];
            let py = x * ctm[1] + y * ctm[3] + ctm[5];
            P {
                x: px / K,
                y: h - py / K,
            }
        };
        for op in ops {
            let n: Vec<f64> = op
                .operands
                .iter()
                .filter_map(|o| o.as_float().ok().map(|v| v as f64))
                .collect();
            match op.operator.as_str() {
                "q" => stack.push((ctm, fill, stroke, dashed)),
                "Q" => (ctm, fill, stroke, dashed) = stack.pop().unwrap(),
                "cm" => ctm = mul([n[0], n[1], n[2], n[3], n[4], n[5]], ctm),
                "rg" => fill = [n[0], n[1], n[2]],
                "RG" => stroke = [n[0], n[1], n[2]],
                "g" => fill = [n[0]; 3],
                "G" => stroke = [n[0]; 3],
                "d" => dashed = op.operands[0].as_array().is_ok_and(|a| !a.is_empty()),
                "m" => subpaths.push(vec![to_mm(ctm, n[0], n[1])]),
                "l" => subpaths.last_mut().unwrap().push(to_mm(ctm, n[0], n[1])),
                "c" => {
                    let path = subpaths.last_mut().unwrap();
                    path.push(to_mm(ctm, n[4], n[5]));
                    controls.push(to_mm(ctm, n[0], n[1]));
                    controls.push(to_mm(ctm, n[2], n[3]));
                }
                "re" => subpaths.push(vec![
                    to_mm(ctm, n[0], n[1]),
                    to_mm(ctm, n[0] + n[2], n[1]),
                    to_mm(ctm, n[0] + n[2], n[1] + n[3]),
                    to_mm(ctm, n[0], n[1] + n[3]),
                ]),
                "h" => {}
                "f" | "f*" | "F" | "S" | "s" | "B" | "B*" | "b" | "b*" | "n" => {
                    let o = op.operator.as_str();
                    let fills = matches!(o, "f" | "f*" | "F" | "B" | "B*" | "b" | "b*");
                    let strokes = matches!(o, "S" | "s" | "B" | "B*" | "b" | "b*");
                    scan.paths.push(Painted {
                        subpaths: std::mem::take(&mut subpaths),
                        controls: std::mem::take(&mut controls),
                        fill: fills.then_some(fill),
                        stroke: strokes.then_some(stroke),
                        dashed,
                    });
                }
                "Tf" => font_size = n[0],
                "Tm" => {
                    let m = mul([n[0], n[1], n[2], n[3], n[4], n[5]], ctm);
                    scan.glyphs.push(Shown {
                        at: P {
                            x: m[4] / K,
                            y: h - m[5] / K,
                        },
                        a: m[0],
                        d: m[3],
                        size: font_size * m[0].hypot(m[1]) / K,
                    });
                }
                _ => {}
            }
        }
        out.push(scan);
    }
    out
}
