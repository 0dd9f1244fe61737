package io.github.wscache.axis.internal;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.wscache.core.Invocation;
import javax.xml.namespace.QName;
import org.junit.jupiter.api.Test;

/** Operations are named as the WSDL writes them, whatever Axis2 calls them. */
class OperationNamesTest {

    @Test
    void generatedLowerCamelName_isNamedByItsWrapperElement() {
        Invocation i = OperationNames.builder("keywordSearch", "KeywordSearch",
                "http://tempuri.org/KeywordSearch").build();

        assertThat(i.operation()).isEqualTo("KeywordSearch");
        assertThat(i.aliases()).containsExactly("keywordSearch");
    }

    @Test
    void withoutAWrapperElement_theSoapActionNamesIt() {
        Invocation i = OperationNames.builder("getItem", null, "\"urn:store#GetItem\"").build();

        assertThat(i.operation()).isEqualTo("GetItem");
        assertThat(i.aliases()).containsExactly("getItem");
    }

    @Test
    void unrelatedElementAndAction_leaveTheJavaNameAndBecomeAliases() {
        Invocation i = OperationNames.builder("search", "SearchRequest", "urn:doSearch").build();

        assertThat(i.operation()).isEqualTo("search");
        assertThat(i.aliases()).containsExactly("SearchRequest", "doSearch", "Search");
    }

    @Test
    void namesDifferingOnlyInCaseOrPunctuation_areTheSameIdentifier() {
        assertThat(OperationNames.sameIdentifier("Get_Item", "getItem")).isTrue();
        assertThat(OperationNames.sameIdentifier("GetItems", "getItem")).isFalse();
    }

    @Test
    void anonymousClient_isNamedByElementElseAction() {
        assertThat(OperationNames.builder(null, "doGoogleSearch", "urn:x").build().operation())
                .isEqualTo("doGoogleSearch");
        assertThat(OperationNames.builder(null, null, "urn:x/Lookup").build().operation())
                .isEqualTo("Lookup");
        assertThat(OperationNames.builder(null, null, null).build().operation())
                .isEqualTo("unknown");
    }

    @Test
    void adbBeans_nameTheirElement() {
        assertThat(OperationNames.elementName(new Bean())).isEqualTo("KeywordSearch");
        assertThat(OperationNames.elementName("not a bean")).isNull();
        assertThat(OperationNames.elementName(null)).isNull();
    }

    /** Shaped as ADB generates a request bean. */
    public static final class Bean {
        /** The element this bean is. */
        public static final QName MY_QNAME = new QName("http://tempuri.org/", "KeywordSearch");
    }
}
