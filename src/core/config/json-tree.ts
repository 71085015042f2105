import type { Node as JsonNode } from 'jsonc-parser';

/** One property of a JSON object node: its key node, its value node (if any), and the property node itself. */
export interface JsonProperty {
  key: string;
  keyNode: JsonNode;
  valueNode: JsonNode | undefined;
  propertyNode: JsonNode;
}

/** The properties of an object node in text order, duplicates included. */
export function propertiesOf(objectNode: JsonNode): JsonProperty[] {
  if (objectNode.type !== 'object') return [];
  const properties: JsonProperty[] = [];
  for (const propertyNode of objectNode.children ?? []) {
    const keyNode = propertyNode.children?.[0];
    if (keyNode === undefined || typeof keyNode.value !== 'string') continue;
    properties.push({ key: keyNode.value, keyNode, valueNode: propertyNode.children?.[1], propertyNode });
  }
  return properties;
}

/** The properties of an object node by key; for a duplicated key the last one wins, as in JSON.parse. */
export function lastPropertiesOf(objectNode: JsonNode): Map<string, JsonProperty> {
  const byKey = new Map<string, JsonProperty>();
  for (const property of propertiesOf(objectNode)) byKey.set(property.key, property);
  return byKey;
}

/** The node at a path of keys and indexes, following the last of duplicated keys (the value JSON.parse keeps). */
export function nodeAtSegments(root: JsonNode, segments: readonly string[]): JsonNode | undefined {
  let node: JsonNode | undefined = root;
  for (const segment of segments) {
    if (node === undefined) return undefined;
    if (node.type === 'object') {
      node = lastPropertiesOf(node).get(segment)?.valueNode;
    } else if (node.type === 'array' && /^\d+$/.test(segment)) {
      node = node.children?.[Number(segment)];
    } else {
      return undefined;
    }
  }
  return node;
}

/**
 * The node to mark for a problem about `node`: the value itself when it is a short scalar, otherwise
 * the key it is written under (marking a whole multi-line object is noise), or its opening bracket.
 */
export function anchorOf(node: JsonNode): { offset: number; length: number } {
  if (node.type !== 'object' && node.type !== 'array') return { offset: node.offset, length: node.length };
  const keyNode = node.parent?.type === 'property' ? node.parent.children?.[0] : undefined;
  if (keyNode !== undefined) return { offset: keyNode.offset, length: keyNode.length };
  return { offset: node.offset, length: 1 };
}
