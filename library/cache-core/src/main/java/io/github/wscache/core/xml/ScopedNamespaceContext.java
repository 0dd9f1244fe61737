package io.github.wscache.core.xml;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Iterator;
import java.util.List;

import javax.xml.XMLConstants;
import javax.xml.namespace.NamespaceContext;

/**
 * An immutable snapshot of the namespace bindings in scope at one event of a replay: the
 * declarations of the open elements, outermost first, plus the fixed {@code xml} and
 * {@code xmlns} bindings. A later declaration of a prefix hides earlier ones.
 */
final class ScopedNamespaceContext implements NamespaceContext {

    private final Vocabulary.Name[] declarations;

    ScopedNamespaceContext(Vocabulary.Name[] declarations) {
        this.declarations = declarations;
    }

    @Override
    public String getNamespaceURI(String prefix) {
        if (prefix == null) {
            throw new IllegalArgumentException("prefix must not be null");
        }
        String uri = ReplayReader.lookup(declarations, prefix);
        return uri == null ? XMLConstants.NULL_NS_URI : uri;
    }

    @Override
    public String getPrefix(String namespaceURI) {
        Iterator<String> all = getPrefixes(namespaceURI);
        return all.hasNext() ? all.next() : null;
    }

    @Override
    public Iterator<String> getPrefixes(String namespaceURI) {
        if (namespaceURI == null) {
            throw new IllegalArgumentException("namespace uri must not be null");
        }
        if (XMLConstants.XML_NS_URI.equals(namespaceURI)) {
            return Collections.singletonList(XMLConstants.XML_NS_PREFIX).iterator();
        }
        if (XMLConstants.XMLNS_ATTRIBUTE_NS_URI.equals(namespaceURI)) {
            return Collections.singletonList(XMLConstants.XMLNS_ATTRIBUTE).iterator();
        }
        List<String> found = new ArrayList<>(2);
        for (int i = declarations.length - 1; i >= 0; i--) {
            Vocabulary.Name declared = declarations[i];
            String prefix = declared.prefix == null ? XMLConstants.DEFAULT_NS_PREFIX
                    : declared.prefix;
            String uri = declared.uri == null ? XMLConstants.NULL_NS_URI : declared.uri;
            if (uri.equals(namespaceURI) && !found.contains(prefix)
                    && namespaceURI.equals(getNamespaceURI(prefix))) {
                found.add(prefix);
            }
        }
        return Collections.unmodifiableList(found).iterator();
    }
}
