/**
 * Image uploads as route middleware: multer reads one file into memory (with a size limit), then
 * the bytes are checked: the type from the magic numbers, and a full decode that also makes the
 * thumbnail. Both run before validation and the Idempotency-Key, so a bad image never uses up a
 * key. Every failure is a 4xx problem naming the field.
 */
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import multer from 'multer';
import { HttpProblem, type FileField } from '../http';
import { detectImageType, imageContentTypes, imageExtensions, type ImageType } from './image-type';
import { makeThumbnail, UndecodableImageError } from './thumbnail';
import { withoutMetadata } from './without-metadata';

export interface ImageRule {
  /** The multipart field carrying the file. */
  field: string;
  maxBytes: number;
  /** 'Proof must be a PNG, JPEG or WebP image' */
  typeMessage: string;
  /** 'Proof image must be at most 10 MB' */
  sizeMessage: string;
}

const MB = 1024 * 1024;

export const proofImageRule: ImageRule = {
  field: 'proofImage',
  maxBytes: 10 * MB,
  typeMessage: 'Proof must be a PNG, JPEG or WebP image',
  sizeMessage: 'Proof image must be at most 10 MB',
};

export const campaignImageRule: ImageRule = {
  field: 'taskImage',
  maxBytes: 5 * MB,
  typeMessage: 'Campaign image must be a PNG, JPEG or WebP image',
  sizeMessage: 'Campaign image must be at most 5 MB',
};

/** A route's `files` declaration for the image its `imageUpload(rule)` reads. */
export function imageFiles(
  rule: ImageRule,
  description: string,
  required: boolean,
): Record<string, FileField> {
  return { [rule.field]: { description, contentTypes: Object.values(imageContentTypes), required } };
}

// The multer step of each imageUpload, with the field it reads: lets a test find every multipart
// route and check that it declares `files`.
const multipartReaders = new WeakMap<RequestHandler, string>();

/** The file field a middleware reads from a multipart body, if it is an imageUpload step. */
export function multipartFieldOf(handler: RequestHandler): string | undefined {
  return multipartReaders.get(handler);
}

export interface CheckedImage {
  bytes: Buffer;
  type: ImageType;
  contentType: string;
  extension: string;
  thumbnail: Buffer;
}

const checkedImages = new WeakMap<Request, CheckedImage>();

/** The uploaded image that passed the checks, if the request carried one. */
export function checkedImageOf(req: Request): CheckedImage | undefined {
  return checkedImages.get(req);
}

export function imageUpload(rule: ImageRule): RequestHandler[] {
  const parse = multer({
    storage: multer.memoryStorage(),
    // A few small text fields (taskId) and one file; anything beyond is not our client.
    limits: { fileSize: rule.maxBytes, files: 1, fields: 10, fieldSize: 16 * 1024, parts: 11 },
  }).single(rule.field);

  const receive: RequestHandler = (req, res, next) => {
    parse(req, res, (error?: unknown) => next(error === undefined ? undefined : uploadProblem(error, rule)));
  };
  multipartReaders.set(receive, rule.field);

  const check = async (req: Request, _res: Response, next: NextFunction) => {
    const file = req.file;
    if (!file) return next();
    const type = detectImageType(file.buffer);
    if (!type) throw new HttpProblem('validation', rule.typeMessage, { [rule.field]: rule.typeMessage });
    let thumbnail: Buffer;
    let bytes: Buffer;
    try {
      [thumbnail, bytes] = await Promise.all([
        makeThumbnail(file.buffer),
        withoutMetadata(file.buffer, type),
      ]);
    } catch (error) {
      if (error instanceof UndecodableImageError)
        throw new HttpProblem('validation', rule.typeMessage, { [rule.field]: rule.typeMessage });
      throw error;
    }
    checkedImages.set(req, {
      bytes,
      type,
      contentType: imageContentTypes[type],
      extension: imageExtensions[type],
      thumbnail,
    });
    next();
  };

  return [receive, check];
}

/** Whatever goes wrong while reading a multipart body is the sender's fault: a 4xx. */
function uploadProblem(error: unknown, rule: ImageRule): HttpProblem {
  const fieldMessage = (message: string) => ({ [rule.field]: message });
  if (error instanceof multer.MulterError) {
    switch (error.code) {
      case 'LIMIT_FILE_SIZE':
        return new HttpProblem('payload_too_large', rule.sizeMessage, fieldMessage(rule.sizeMessage));
      case 'LIMIT_UNEXPECTED_FILE': {
        const message = `Send the image in the field ${rule.field}`;
        return new HttpProblem('bad_request', message, error.field ? { [error.field]: message } : undefined);
      }
      case 'LIMIT_FILE_COUNT':
        return new HttpProblem('bad_request', 'Send one image only', fieldMessage('Send one image only'));
      default:
        return new HttpProblem('payload_too_large', 'The upload has too many or too large fields');
    }
  }
  return new HttpProblem('bad_request', 'The upload could not be read');
}
