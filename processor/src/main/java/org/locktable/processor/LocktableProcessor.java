package org.locktable.processor;

import java.io.IOException;
import java.io.Writer;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;

import javax.annotation.processing.AbstractProcessor;
import javax.annotation.processing.ProcessingEnvironment;
import javax.annotation.processing.Processor;
import javax.annotation.processing.RoundEnvironment;
import javax.lang.model.SourceVersion;
import javax.lang.model.element.Element;
import javax.lang.model.element.TypeElement;
import javax.tools.FileObject;
import javax.tools.StandardLocation;

import com.google.auto.service.AutoService;

import org.locktable.dsl.reader.Dsl;
import org.locktable.dsl.reader.Message;
import org.locktable.dsl.reader.ScenarioModel;
import org.locktable.dsl.reader.ScenarioReader;
import org.locktable.engine.scenario.ScenarioIndex;
import org.locktable.engine.scenario.ScenarioPages;
import org.locktable.engine.scenario.SweepAnalysis;
import org.locktable.timing.check.TimingTable;

/**
 * The locktable annotation processor: for each {@code @Scenario} class, read (the {@link ScenarioReader}, through
 * {@link ApClass}) → report → check against the engine → a Markdown page; then one JUnit 5 suite per package for
 * the round's scenarios; at the end an index page, every page in one {@link ScenarioPages} bundle, and the
 * {@link ScenarioIndex}. A thin adapter: the work is in the reader, {@link EngineCheck}, {@link TimingCheck},
 * {@link RaceOracleCheck}, {@link SuiteWriter} and {@link MarkdownWriter}. No exception reaches javac: a bug is reported as
 * {@code [LT001]} on the class being processed.
 */
@AutoService(Processor.class)
public final class LocktableProcessor extends AbstractProcessor {
    private Diagnostics diag;
    private SourcePositions positions;
    private Options options;
    private ScenarioReader reader;
    private final Set<String> done = new LinkedHashSet<>();
    /** The generated scenarios of every round, by qualified name. */
    private final TreeMap<String, ScenarioModel> models = new TreeMap<>();
    /** Generated suite → the scenario class it belongs to, to catch two classes flattening to one name. */
    private final Map<String, String> suites = new HashMap<>();
    /** Every page and chart of the compilation, by path under {@code locktable/scenarios/}: one resource at the end. */
    private final TreeMap<String, String> pages = new TreeMap<>();
    /** Scenario (qualified name) → its generated suite's qualified name, for the scenario index. */
    private final Map<String, String> suiteOf = new HashMap<>();
    /** Package → how many suites it has had (one per round that brought scenarios of it). */
    private final Map<String, Integer> batches = new HashMap<>();

    @Override
    public Set<String> getSupportedAnnotationTypes() {
        return new LinkedHashSet<>(Dsl.SUPPORTED);
    }

    @Override
    public Set<String> getSupportedOptions() {
        return Options.ALL;
    }

    @Override
    public SourceVersion getSupportedSourceVersion() {
        return SourceVersion.latestSupported();
    }

    @Override
    public synchronized void init(ProcessingEnvironment env) {
        super.init(env);
        positions = SourcePositions.of(env);
        diag = new Diagnostics(env.getMessager(), positions);
        options = Options.parse(env.getOptions(), diag);
        reader = new ScenarioReader(options.maxSweepCases);
    }

    @Override
    public boolean process(Set<? extends TypeElement> annotations, RoundEnvironment round) {
        try {
            TreeMap<String, List<Generated>> byPackage = new TreeMap<>();
            for (TypeElement type : scenarioTypes(annotations, round)) {
                processType(type).ifPresent(g -> byPackage.computeIfAbsent(g.model().packageName(),
                        k -> new ArrayList<>()).add(g));
            }
            for (Map.Entry<String, List<Generated>> p : byPackage.entrySet()) {
                writeSuite(p.getKey(), p.getValue());
            }
            if (round.processingOver() && !models.isEmpty()) {
                if (options.markdown) {
                    pages.put(ScenarioPages.INDEX, MarkdownWriter.index(new ArrayList<>(models.values())));
                    writeResource(ScenarioPages.RESOURCE, ScenarioPages.format(pages));
                }
                writeResource(ScenarioIndex.RESOURCE, IndexWriter.index(models.values(), suiteOf));
            }
        } catch (RuntimeException | IOException e) {
            diag.global(Message.INTERNAL_ERROR, "the round", e);
        }
        return false;
    }

    /** Every type carrying a DSL annotation, sorted by name, each once per compilation. */
    private List<TypeElement> scenarioTypes(Set<? extends TypeElement> annotations, RoundEnvironment round) {
        List<TypeElement> out = new ArrayList<>();
        for (TypeElement annotation : annotations) {
            for (Element e : round.getElementsAnnotatedWith(annotation)) {
                if (e instanceof TypeElement && done.add(((TypeElement) e).getQualifiedName().toString())) {
                    out.add((TypeElement) e);
                }
            }
        }
        out.sort(Comparator.comparing(t -> t.getQualifiedName().toString()));
        return out;
    }

    /** A scenario read, checked and paged, waiting for its package's suite. */
    private record Generated(ScenarioModel model, TypeElement type) {
    }

    private Optional<Generated> processType(TypeElement type) {
        try {
            ScenarioReader.Read read = reader.read(new ApClass(type, processingEnv.getElementUtils(), positions));
            diag.report(read.report());
            return read.model().flatMap(m -> check(m, type));
        } catch (RuntimeException e) {
            diag.report(Message.INTERNAL_ERROR, new ApSite(type, null, null), type.getQualifiedName(), e);
            return Optional.empty();
        }
    }

    private Optional<Generated> check(ScenarioModel m, TypeElement type) {
        // two classes with one flat name (a nested A.B and a top-level A_B) would share their tests' names
        String owner = suites.putIfAbsent(m.qualifiedName(), type.getQualifiedName().toString());
        if (owner != null) {
            String tests = (m.packageName().isEmpty() ? "" : m.packageName() + ".") + SuiteWriter.PACKAGE_SUITE + "#"
                    + m.simpleName() + "_*";
            diag.report(Message.SUITE_NAME_CLASH, m.site(), tests, owner);
            return Optional.empty();
        }
        SweepAnalysis analysis = new EngineCheck(diag, options).check(m);
        TimingTable timing = new TimingCheck(diag, options).check(m);
        List<RaceOracleCheck.Outcome> races = new RaceOracleCheck(diag, options).check(m);
        if (options.markdown) {
            pages.put(pagePath(MarkdownWriter.path(m)), MarkdownWriter.page(m, analysis, timing, races));
            if (timing != null) {
                pages.put(pagePath(TimingWriter.svgPath(m)), TimingWriter.svg(m, timing));
            }
        }
        return Optional.of(new Generated(m, type));
    }

    /** One suite for the scenarios of one package this round (sorted by name, as {@link #scenarioTypes} gives them). */
    private void writeSuite(String packageName, List<Generated> scenarios) {
        String name = SuiteWriter.suiteName(batches.merge(packageName, 1, Integer::sum));
        String qualified = packageName.isEmpty() ? name : packageName + "." + name;
        List<ScenarioModel> ms = scenarios.stream().map(Generated::model).toList();
        List<TypeElement> types = scenarios.stream().map(Generated::type).toList();
        try {
            // JavaFile.writeTo(Filer) appends token by token to the Filer's writer, an encoder call each: one string costs less.
            String text = SuiteWriter.write(packageName, name, ms).toString();
            FileObject file = processingEnv.getFiler().createSourceFile(qualified, types.toArray(new TypeElement[0]));
            try (Writer w = file.openWriter()) {
                w.write(text);
            }
        } catch (IOException | RuntimeException e) {
            for (TypeElement type : types) {
                diag.report(Message.INTERNAL_ERROR, new ApSite(type, null, null), type.getQualifiedName(),
                        "cannot write output: " + e);
            }
            return;
        }
        for (ScenarioModel m : ms) {
            models.put(m.qualifiedName(), m);
            suiteOf.put(m.qualifiedName(), qualified);
        }
    }

    private static String pagePath(String resource) {
        return resource.substring(MarkdownWriter.ROOT.length());
    }

    private void writeResource(String path, String content, Element... origin) throws IOException {
        FileObject file = processingEnv.getFiler().createResource(StandardLocation.CLASS_OUTPUT, "", path, origin);
        try (Writer w = file.openWriter()) {
            w.write(content);
        }
    }
}
