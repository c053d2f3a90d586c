export declare const MAX_CHAIN: number;
export interface ModuleImport {
  from: string;
  to: string;
  file: string;
  target: string;
}
export declare function moduleImports(root: string): ModuleImport[];
export declare function checkModuleGraph(root: string): {
  edges: Map<string, Set<string>>;
  problems: string[];
};
