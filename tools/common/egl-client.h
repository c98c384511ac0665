/* What the C clients drawing with EGL (tools/swap-cost, tools/shm-window) share: an OpenGL ES 3 context with a
 * config for opaque windows, and a framebuffer of one RGBA renderbuffer. Header only (-I tools/common). */
#ifndef EGL_CLIENT_H
#define EGL_CLIENT_H
#include <EGL/egl.h>
#include <GLES3/gl3.h>
#include <stdio.h>
#include <wayland-client.h>

/* An OpenGL ES 3 context on `display`'s EGL, its display in *egl and its config (opaque windows) in *config; NULL
 * after one line on stderr naming `tool` when there is none. */
static inline EGLContext egl_client_context(struct wl_display *display, const char *tool, EGLDisplay *egl,
					    EGLConfig *config)
{
	EGLint count = 0;
	const EGLint attributes[] = { EGL_SURFACE_TYPE, EGL_WINDOW_BIT, EGL_RENDERABLE_TYPE, EGL_OPENGL_ES3_BIT,
				      EGL_RED_SIZE, 8, EGL_ALPHA_SIZE, 0, EGL_NONE };
	const EGLint context_attributes[] = { EGL_CONTEXT_CLIENT_VERSION, 3, EGL_NONE };
	*egl = eglGetDisplay((EGLNativeDisplayType)display);
	if (!eglInitialize(*egl, NULL, NULL) || !eglChooseConfig(*egl, attributes, config, 1, &count) || count < 1) {
		fprintf(stderr, "%s: no EGL config for OpenGL ES 3 windows\n", tool);
		return NULL;
	}
	eglBindAPI(EGL_OPENGL_ES_API);
	EGLContext context = eglCreateContext(*egl, *config, EGL_NO_CONTEXT, context_attributes);
	if (!context)
		fprintf(stderr, "%s: cannot make an OpenGL ES 3 context (0x%x)\n", tool, eglGetError());
	return context;
}

/* A framebuffer of one `width` x `height` RGBA renderbuffer, left bound; 0 when it is incomplete. */
static inline GLuint egl_client_framebuffer(int width, int height)
{
	GLuint renderbuffer, framebuffer;
	glGenRenderbuffers(1, &renderbuffer);
	glBindRenderbuffer(GL_RENDERBUFFER, renderbuffer);
	glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, width, height);
	glGenFramebuffers(1, &framebuffer);
	glBindFramebuffer(GL_FRAMEBUFFER, framebuffer);
	glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, renderbuffer);
	return glCheckFramebufferStatus(GL_FRAMEBUFFER) == GL_FRAMEBUFFER_COMPLETE ? framebuffer : 0;
}

#endif
