/** The few plotly.js calls the analytics charts use (the basic partial bundle: bar, pie, scatter). */
declare module 'plotly.js-basic-dist-min' {
  type PlotlyData = Record<string, unknown>;
  type PlotlyLayout = Record<string, unknown>;
  type PlotlyConfig = Record<string, unknown>;
  const Plotly: {
    react: (root: HTMLElement, data: PlotlyData[], layout?: PlotlyLayout, config?: PlotlyConfig) => Promise<unknown>;
    purge: (root: HTMLElement) => void;
  };
  export default Plotly;
}
