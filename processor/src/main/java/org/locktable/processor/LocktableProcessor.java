package org.locktable.processor;

import java.io.IOException;
import java.io.Writer;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
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
 * {@link ApClass}) → report → check against the engine → generate a JUnit 5 suite and a Markdown page; at the end
 * an index page, every page in one {@link ScenarioPages} bundle, and the {@link ScenarioIndex}. A thin adapter: the work is in the reader, {@link EngineCheck},
 * {@link SuiteWriter} and {@link MarkdownWriter}. No exception reaches javac: a bug is reported as
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
            for (TypeElement type : scenarioTypes(annotations, round)) {
                processType(type);
            }
            if (round.processingOver() && !models.isEmpty()) {
                if (options.markdown) {
                    pages.put(ScenarioPages.INDEX, MarkdownWriter.index(new ArrayList<>(models.values())));
                    writeResource(ScenarioPages.RESOURCE, ScenarioPages.format(pages));
                }
                writeResource(ScenarioIndex.RESOURCE, IndexWriter.index(models.values()));
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

    private void processType(TypeElement type) {
        try {
            ScenarioReader.Read read = reader.read(new ApClass(type, processingEnv.getElementUtils(), positions));
            diag.report(read.report());
            read.model().ifPresent(m -> generate(m, type));
        } catch (RuntimeException e) {
            diag.report(Message.INTERNAL_ERROR, new ApSite(type, null, null), type.getQualifiedName(), e);
        }
    }

    private void generate(ScenarioModel m, TypeElement type) {
        String suite = m.suiteQualifiedName();
        String owner = suites.putIfAbsent(suite, type.getQualifiedName().toString());
        if (owner != null) {
            diag.report(Message.SUITE_NAME_CLASH, m.site(), suite, owner);
            return;
        }
        SweepAnalysis analysis = new EngineCheck(diag, options).check(m);
        TimingTable timing = new TimingCheck(diag, options).check(m);
        try {
            SuiteWriter.write(m, type).writeTo(processingEnv.getFiler());
            if (options.markdown) {
                pages.put(pagePath(MarkdownWriter.path(m)), MarkdownWriter.page(m, analysis, timing));
                if (timing != null) {
                    pages.put(pagePath(TimingWriter.svgPath(m)), TimingWriter.svg(m, timing));
                }
            }
        } catch (IOException e) {
            diag.report(Message.INTERNAL_ERROR, new ApSite(type, null, null), type.getQualifiedName(),
                    "cannot write output: " + e);
        }
        models.put(m.qualifiedName(), m);
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
