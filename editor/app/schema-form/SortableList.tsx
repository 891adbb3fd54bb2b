import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type DragEndEvent,
} from '@dnd-kit/core';
import {
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { ActionIcon, Group, Tooltip } from '@mantine/core';
import type { CSSProperties, ReactNode } from 'react';
import type { FieldPath } from '../../shared/api.ts';
import { UiIcon } from '../ui-icons.tsx';
import { pathKey, useForm } from './context.tsx';
import { quoted } from './store.ts';

interface ItemHandle {
  /**
   * Props for the drag handle button (pointer and keyboard: Space picks up, arrows move, Space
   * drops).
   */
  handle: ReactNode;
  /** Move up / down, duplicate, remove. */
  actions: ReactNode;
}

interface SortableListProps {
  listPath: FieldPath;
  count: number;
  /** "FAQ item 2": used in every button's accessible name. */
  itemName: (index: number) => string;
  /** Fewest and most items the schema allows (buttons are disabled past them). */
  min?: number;
  max?: number;
  renderItem: (index: number, controls: ItemHandle) => ReactNode;
}

const itemId = (listPath: FieldPath, index: number) => `${pathKey(listPath)}#${index}`;

/**
 * After a move the same button on the item's new row gets the focus back, so the keyboard user can
 * keep moving.
 */
function refocus(listPath: FieldPath, index: number, action: string) {
  requestAnimationFrame(() => {
    const row = `[data-item="${quoted(`${pathKey(listPath)}.${index}`)}"]`;
    const button =
      document.querySelector<HTMLButtonElement>(
        `${row}[data-item-action="${action}"]:not(:disabled)`,
      ) ?? document.querySelector<HTMLButtonElement>(`${row}[data-item-action]:not(:disabled)`);
    button?.focus();
  });
}

/** A list whose items can be dragged (dnd-kit) or moved, duplicated and removed with buttons. */
export function SortableList({
  listPath,
  count,
  itemName,
  min = 0,
  max,
  renderItem,
}: SortableListProps) {
  const { edit } = useForm();
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const ids = Array.from({ length: count }, (_, index) => itemId(listPath, index));
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = ids.indexOf(String(active.id));
    const to = ids.indexOf(String(over.id));
    if (from >= 0 && to >= 0) edit({ op: 'move', path: listPath, from, to });
  };
  const announcements = {
    onDragStart: ({ active }: { active: { id: string | number } }) =>
      `Picked up ${itemName(ids.indexOf(String(active.id)))}.`,
    onDragOver: ({ over }: { over: { id: string | number } | null }) =>
      over
        ? `Over position ${ids.indexOf(String(over.id)) + 1} of ${count}.`
        : 'Not over a position.',
    onDragEnd: ({ over }: { over: { id: string | number } | null }) =>
      over ? `Dropped at position ${ids.indexOf(String(over.id)) + 1} of ${count}.` : 'Dropped.',
    onDragCancel: () => 'Moving cancelled.',
  };
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{
        announcements,
        screenReaderInstructions: {
          draggable:
            'Press Space to pick the item up, the arrow keys to move it, Space again to drop it, Escape to cancel.',
        },
      }}
    >
      <SortableContext items={ids} strategy={verticalListSortingStrategy}>
        {ids.map((id, index) => (
          <SortableRow key={id} id={id}>
            {(handleProps) =>
              renderItem(index, {
                handle: (
                  <Tooltip label="Drag to reorder" openDelay={500}>
                    <ActionIcon
                      variant="subtle"
                      color="gray.7"
                      size="md"
                      aria-label={`Reorder ${itemName(index)}`}
                      style={{ cursor: 'grab', touchAction: 'none' }}
                      {...handleProps}
                    >
                      <UiIcon name="grip" size={16} />
                    </ActionIcon>
                  </Tooltip>
                ),
                actions: (
                  <ItemActions
                    listPath={listPath}
                    index={index}
                    count={count}
                    name={itemName(index)}
                    canRemove={count > min}
                    canAdd={max === undefined || count < max}
                    onMove={(to, action) => {
                      edit({ op: 'move', path: listPath, from: index, to });
                      refocus(listPath, to, action);
                    }}
                  />
                ),
              })
            }
          </SortableRow>
        ))}
      </SortableContext>
    </DndContext>
  );
}

function SortableRow({
  id,
  children,
}: {
  id: string;
  children: (handleProps: Record<string, unknown>) => ReactNode;
}) {
  const {
    attributes,
    listeners,
    setNodeRef,
    setActivatorNodeRef,
    transform,
    transition,
    isDragging,
  } = useSortable({ id });
  const style: CSSProperties = {
    transform: transform
      ? `translate3d(${Math.round(transform.x)}px, ${Math.round(transform.y)}px, 0)`
      : undefined,
    transition,
    position: 'relative',
    zIndex: isDragging ? 2 : undefined,
    opacity: isDragging ? 0.85 : undefined,
  };
  // The handle gets dnd-kit's keyboard/pointer listeners; its role and description come from
  // dnd-kit's attributes.
  const { role: _role, tabIndex: _tabIndex, ...ariaAttributes } = attributes;
  return (
    <div ref={setNodeRef} style={style}>
      {children({ ...ariaAttributes, ...listeners, ref: setActivatorNodeRef })}
    </div>
  );
}

interface ItemActionsProps {
  listPath: FieldPath;
  index: number;
  count: number;
  name: string;
  canRemove: boolean;
  canAdd: boolean;
  onMove: (to: number, action: 'up' | 'down') => void;
}

function ItemActions({
  listPath,
  index,
  count,
  name,
  canRemove,
  canAdd,
  onMove,
}: ItemActionsProps) {
  const { edit } = useForm();
  const item = `${pathKey(listPath)}.${index}`;
  const button = (
    action: string,
    label: string,
    icon: Parameters<typeof UiIcon>[0]['name'],
    onClick: () => void,
    disabled = false,
    color = 'gray.7',
  ) => (
    <Tooltip label={label} openDelay={400}>
      <ActionIcon
        variant="subtle"
        color={color}
        size="md"
        aria-label={`${label}: ${name}`}
        data-item={item}
        data-item-action={action}
        disabled={disabled}
        onClick={onClick}
      >
        <UiIcon name={icon} size={16} />
      </ActionIcon>
    </Tooltip>
  );
  return (
    <Group gap={2} wrap="nowrap">
      {button('up', 'Move up', 'up', () => onMove(index - 1, 'up'), index === 0)}
      {button('down', 'Move down', 'down', () => onMove(index + 1, 'down'), index === count - 1)}
      {button(
        'duplicate',
        'Duplicate',
        'copy',
        () => edit({ op: 'duplicate', path: listPath, index }),
        !canAdd,
      )}
      {button(
        'remove',
        'Remove',
        'trash',
        () => edit({ op: 'remove', path: listPath, index }),
        !canRemove,
        'red.8',
      )}
    </Group>
  );
}
