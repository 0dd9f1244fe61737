package io.github.wscache.petshop.web;

import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.SplittableRandom;

/**
 * Embedded objects for the client classification experiment (paper 004), off by default
 * ({@link PetShopApp#embeddedObjects(boolean)}): with them, every page links a stylesheet
 * ({@value #CSS_PATH}, about 4 kB) and shows a gallery of {@value #IMAGES} pet pictures (about
 * 8 kB each, incompressible like real images). In ESI mode the gallery is a fragment of its own,
 * included with {@code wscache-optional="true"}, so that an edge's reduce action leaves it out
 * for poor clients: the paper's lossy action of removing embedded objects. The paper's pages had
 * embedded objects; the Pet Shop's style is inline and it has no pictures.
 */
final class EmbeddedObjects {
    static final String CSS_PATH = "/static/shop.css";
    static final String GALLERY_PATH = "/fragment/gallery";
    static final int IMAGES = 4;
    static final int IMAGE_BYTES = 8 * 1024;

    private static final byte[] CSS = (".gallery img{width:120px;height:90px;margin:.2em}\n"
            + ".pet{border:1px solid #ddd;padding:.3em}\n").repeat(45)
            .getBytes(StandardCharsets.UTF_8);
    private static final byte[][] PICTURES = new byte[IMAGES][];

    static {
        SplittableRandom r = new SplittableRandom(2002);
        for (int i = 0; i < IMAGES; i++) {
            PICTURES[i] = new byte[IMAGE_BYTES];
            for (int k = 0; k < IMAGE_BYTES; k++) {
                PICTURES[i][k] = (byte) r.nextInt(256);
            }
        }
    }

    private EmbeddedObjects() {
    }

    /** The markup at the top of a page: the stylesheet link. */
    static String head() {
        return "<link rel=\"stylesheet\" href=\"" + CSS_PATH + "\">";
    }

    /** The gallery: in ESI mode an optional include, else its markup inline. */
    static String gallery(boolean esi) {
        return esi ? "<esi:include src=\"" + GALLERY_PATH + "\" wscache-optional=\"true\"/>"
                : galleryHtml();
    }

    private static String galleryHtml() {
        StringBuilder b = new StringBuilder("<div class=\"gallery\">");
        for (int i = 1; i <= IMAGES; i++) {
            b.append("<img src=\"/static/img/pet-").append(i).append(".png\" alt=\"pet ")
                    .append(i).append("\">");
        }
        return b.append("</div>").toString();
    }

    /** Serves {@code path} if it is one of these objects; returns whether it was. */
    static boolean serve(String path, HttpServletResponse resp) throws IOException {
        if (path.equals(GALLERY_PATH)) {
            // the same for every visitor: public, or an edge would not share it between
            // visitors who carry cookies
            resp.setHeader("Cache-Control", "public, max-age=3600");
            Pages.write(resp, galleryHtml());
            return true;
        }
        byte[] body = null;
        String type = null;
        if (path.equals(CSS_PATH)) {
            body = CSS;
            type = "text/css;charset=UTF-8";
        } else if (path.startsWith("/static/img/pet-") && path.endsWith(".png")) {
            String n = path.substring("/static/img/pet-".length(), path.length() - 4);
            if (n.length() == 1 && n.charAt(0) >= '1' && n.charAt(0) < '1' + IMAGES) {
                body = PICTURES[n.charAt(0) - '1'];
                type = "image/png";
            }
        }
        if (body == null) {
            return false;
        }
        resp.setHeader("Cache-Control", "public, max-age=3600");
        resp.setContentType(type);
        resp.setContentLength(body.length);
        resp.getOutputStream().write(body);
        return true;
    }
}
