import { describe, expect, it } from 'vitest';
import { matchCommands, type Command } from './commands';

const command = (id: string, group: string, title: string): Command => ({ id, group, title, run: () => undefined });
const COMMANDS = [
  command('go-chat', 'Go to', 'Chat'),
  command('go-model', 'Go to', 'Model wire'),
  command('disconnect-weather', 'Server', 'Disconnect weather'),
  command('tool-weather-get_forecast', 'Tool', 'Call get_forecast on weather'),
];

describe('matchCommands', () => {
  it('lists every command for an empty query, in order', () => {
    expect(matchCommands(COMMANDS, '  ').map((c) => c.id)).toEqual(COMMANDS.map((c) => c.id));
  });

  it('keeps the commands holding every word of the query, in any order and case, group included', () => {
    expect(matchCommands(COMMANDS, 'WEATHER forecast').map((c) => c.id)).toEqual(['tool-weather-get_forecast']);
    expect(matchCommands(COMMANDS, 'go wire').map((c) => c.id)).toEqual(['go-model']);
    expect(matchCommands(COMMANDS, 'nothing like this')).toEqual([]);
  });

  it('puts titles that start with the query first', () => {
    expect(matchCommands(COMMANDS, 'weather').map((c) => c.id)).toEqual(['disconnect-weather', 'tool-weather-get_forecast']);
    expect(matchCommands(COMMANDS, 'call').map((c) => c.id)).toEqual(['tool-weather-get_forecast']);
    expect(
      matchCommands([command('a', 'Server', 'Reconnect chat server'), command('b', 'Go to', 'Chat')], 'chat').map((c) => c.id),
    ).toEqual(['b', 'a']);
  });
});
