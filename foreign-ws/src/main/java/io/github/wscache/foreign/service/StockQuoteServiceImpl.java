package io.github.wscache.foreign.service;

import io.github.wscache.foreign.quotes.server.DailyQuote;
import io.github.wscache.foreign.quotes.server.GetHistory;
import io.github.wscache.foreign.quotes.server.GetHistoryResponse;
import io.github.wscache.foreign.quotes.server.GetLastTradePrice;
import io.github.wscache.foreign.quotes.server.GetLastTradePriceResponse;
import io.github.wscache.foreign.quotes.server.GetQuote;
import io.github.wscache.foreign.quotes.server.GetQuoteResponse;
import io.github.wscache.foreign.quotes.server.Quote;
import io.github.wscache.foreign.quotes.server.QuoteHistory;
import io.github.wscache.foreign.quotes.server.StockQuoteServiceSkeletonInterface;
import java.time.LocalDate;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Pattern;

/**
 * The rpc/literal {@code StockQuoteService}: deterministic delayed quotes for any well-formed
 * ticker symbol (1 to 5 letters, optionally a dot and a class letter, upper case).
 *
 * <ul>
 *   <li>{@code GetQuote(symbol)} answers the last price, change, volume and trade time; the
 *       price is derived from the symbol unless {@link #setLast(String, double)} set one;</li>
 *   <li>{@code GetHistory(symbol, days)} answers {@code days} (1 to {@value #MAX_DAYS}) daily
 *       quotes ending on {@link #LAST_TRADING_DAY}, newest first;</li>
 *   <li>{@code getLastTradePrice(tickerSymbol)} answers the last price as a float.</li>
 * </ul>
 *
 * <p>A malformed symbol or a day count out of range is answered with a SOAP fault. Thread-safe.
 */
public final class StockQuoteServiceImpl implements StockQuoteServiceSkeletonInterface {

    /** The largest {@code days} that {@code GetHistory} accepts. */
    public static final int MAX_DAYS = 365;

    /** The day of the last quote and the end of every history. */
    public static final LocalDate LAST_TRADING_DAY = LocalDate.of(2026, 11, 20);

    private static final Pattern SYMBOL = Pattern.compile("[A-Z]{1,5}(\\.[A-Z])?");

    private final Map<String, Double> lastPrices = new ConcurrentHashMap<>();

    /** Sets the last price later answers carry for the symbol. */
    public void setLast(String symbol, double price) {
        checkSymbol(symbol);
        if (!(price > 0)) {
            throw new IllegalArgumentException("price must be positive: " + price);
        }
        lastPrices.put(symbol, price);
    }

    /** The last price the service answers for the symbol. */
    public double last(String symbol) {
        checkSymbol(symbol);
        Double set = lastPrices.get(symbol);
        return set != null ? set : 10 + Math.floorMod(symbol.hashCode(), 49_000) / 100.0;
    }

    @Override
    public GetQuoteResponse getQuote(GetQuote request) {
        String symbol = request.getSymbol();
        double last = last(symbol);
        Quote quote = new Quote();
        quote.setSymbol(symbol);
        quote.setCompanyName(symbol + " Corp.");
        quote.setLast(last);
        quote.setChange(Math.round(last * (Math.floorMod(symbol.hashCode(), 41) - 20)) / 1000.0);
        quote.setVolume(1_000L * (1 + Math.floorMod(symbol.hashCode(), 9_973)));
        quote.setTradeTime(LAST_TRADING_DAY + "T16:00:00-05:00");
        GetQuoteResponse response = new GetQuoteResponse();
        response.setResult(quote);
        return response;
    }

    @Override
    public GetHistoryResponse getHistory(GetHistory request) {
        String symbol = request.getSymbol();
        int days = request.getDays();
        if (days < 1 || days > MAX_DAYS) {
            throw new IllegalArgumentException("days must be in 1.." + MAX_DAYS + ": " + days);
        }
        double close = last(symbol);
        QuoteHistory history = new QuoteHistory();
        history.setSymbol(symbol);
        history.setDay(new DailyQuote[0]);
        for (int i = 0; i < days; i++) {
            double open = Math.round(close * (1000 + (i * 7 + symbol.length()) % 21 - 10)) / 1000.0;
            DailyQuote day = new DailyQuote();
            day.setDate(LAST_TRADING_DAY.minusDays(i).toString());
            day.setOpen(open);
            day.setClose(close);
            day.setHigh(Math.max(open, close) + 0.5);
            day.setLow(Math.min(open, close) - 0.5);
            day.setVolume(100_000L + 1_000L * ((i * 13 + symbol.hashCode()) & 0xff));
            history.addDay(day);
            close = open;
        }
        GetHistoryResponse response = new GetHistoryResponse();
        response.setHistory(history);
        return response;
    }

    @Override
    public GetLastTradePriceResponse getLastTradePrice(GetLastTradePrice request) {
        GetLastTradePriceResponse response = new GetLastTradePriceResponse();
        response.setPrice((float) last(request.getTickerSymbol()));
        return response;
    }

    private static void checkSymbol(String symbol) {
        if (symbol == null || !SYMBOL.matcher(symbol).matches()) {
            throw new IllegalArgumentException("unknown symbol: " + symbol);
        }
    }
}
